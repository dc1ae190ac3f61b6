import type { AccountView } from "../../../workers/accounts/index";
import type { MediaJson } from "../../../workers/media/index";
import type { PostStore } from "../../../workers/posts/index";

/** A post as the posts API returns it (SPEC §3 Post). */
export type PostJson = Awaited<ReturnType<PostStore["get"]>>;
export type TargetJson = PostJson["platformPosts"][number];
export type { AccountView, MediaJson };
