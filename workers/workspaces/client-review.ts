import { clientIp } from "../auth";
import type { Services } from "../services";
import { ShareMessages } from "./share-link-rules";
import type { ClientReviewInput } from "./share-schemas";

/**
 * A client's decision through an approval link, as POST /api/share/:token/posts/:postId/review and the /review
 * page's action take it: counted against the sender's address first (even a malformed one), then read and recorded.
 */
export async function reviewAsClient(
  services: Pick<Services, "rateLimit" | "servicesForToken">,
  request: Request,
  link: { token: string; postId: string },
  read: () => ClientReviewInput | Promise<ClientReviewInput>,
) {
  await services.rateLimit.enforce("clientReview", [`ip:${clientIp(request)}`]);
  const { shareLinks } = await services.servicesForToken(link.token);
  const review = await shareLinks.review(link.token, link.postId, await read());
  return { review, message: ShareMessages.thanks(review.decision) };
}
