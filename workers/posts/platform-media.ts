import type { Platform } from "../db/schema/accounts";

/**
 * What each platform accepts as media, from PLATFORMS.md (section in brackets). Values marked [U] are
 * not in PLATFORMS.md and follow the platforms' published guidance; the pre-flight check uses them.
 */
export interface MediaRules {
  imageFormats: string[];
  videoFormats: string[];
  maxImageBytes: number;
  maxVideoBytes: number;
  /** Media items per post (carousel size). */
  maxItems: number;
  /** Images and videos in one post. */
  mixed: boolean;
  /** width / height, inclusive. */
  imageAspect?: [number, number];
  videoAspect?: [number, number];
  maxVideoSeconds?: number;
  maxVideoWidth?: number;
  /** Only videos (YouTube). */
  videoOnly?: boolean;
}

const MB = 1024 * 1024;

export const PLATFORM_MEDIA: Record<Platform, MediaRules> = {
  // §2.2 image_url JPEG only; carousel ≤ 10; §2.3 image > 8 MiB and aspect outside 4:5…1.91:1 refused.
  // Video size per SPEC ("Video too large for Instagram (max 250MB)"); Reels up to 15 min [U].
  instagram: { imageFormats: ["jpg"], videoFormats: ["mp4", "mov"], maxImageBytes: 8 * MB, maxVideoBytes: 250 * MB, maxItems: 10, mixed: true, imageAspect: [0.8, 1.91], maxVideoSeconds: 900 },
  // §3 photos, multi-photo posts and videos (videos stand alone) [limits U].
  facebook: { imageFormats: ["jpg", "png", "gif", "webp"], videoFormats: ["mp4", "mov"], maxImageBytes: 10 * MB, maxVideoBytes: 250 * MB, maxItems: 10, mixed: false },
  // §6.3 tweet_image/tweet_gif/tweet_video; 4 images, 5 MB images, 140 s videos [U].
  twitter: { imageFormats: ["jpg", "png", "gif", "webp"], videoFormats: ["mp4", "mov"], maxImageBytes: 5 * MB, maxVideoBytes: 250 * MB, maxItems: 4, mixed: false, maxVideoSeconds: 140 },
  // §4.3 one image or video, or multiImage of 2–20 images.
  linkedin: { imageFormats: ["jpg", "png", "gif"], videoFormats: ["mp4", "mov"], maxImageBytes: 50 * MB, maxVideoBytes: 250 * MB, maxItems: 20, mixed: false },
  // §5.3 videos.insert takes video/*; the post publishes its one video.
  youtube: { imageFormats: [], videoFormats: ["mp4", "mov", "avi"], maxImageBytes: 0, maxVideoBytes: 250 * MB, maxItems: 1, mixed: false, videoOnly: true },
  // §10.3 images JPEG/PNG ≤ 8 MB, aspect ≤ 10:1; videos MOV/MP4 ≤ 300 s, width ≤ 1920, aspect 0.01–10; carousel ≤ 20.
  threads: { imageFormats: ["jpg", "png"], videoFormats: ["mp4", "mov"], maxImageBytes: 8 * MB, maxVideoBytes: 250 * MB, maxItems: 20, mixed: true, imageAspect: [0.1, 10], videoAspect: [0.01, 10], maxVideoSeconds: 300, maxVideoWidth: 1920 },
};
