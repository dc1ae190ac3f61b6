import { z } from "zod";

/** A post's id as the MCP tools take it, shared by the tool files so an agent gets one message for one mistake. */
export const postId = z.string({ error: "Please give the post's id" }).min(1).max(100);
