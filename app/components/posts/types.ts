import type { AccountView } from "../../../workers/accounts/view";
import type { MediaJson } from "../../../workers/media/present";
import type { PostStore } from "../../../workers/posts/store";

/** A post as the posts API returns it (SPEC §3 Post). */
export type PostJson = Awaited<ReturnType<PostStore["get"]>>;
export type TargetJson = PostJson["platformPosts"][number];
export type { AccountView, MediaJson };
