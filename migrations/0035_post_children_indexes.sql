-- Deleting a post looks up the rows that reference it. post_metric_snapshots.post_id and imported_rows.post_id had
-- no index, so each post deleted read every snapshot in the database (3,000,000 in the full-size bench) to find
-- its children. A migration test asserts rows read on delete no longer grow with other posts' snapshots.
CREATE INDEX `post_snapshots_post_idx` ON `post_metric_snapshots` (`post_id`);--> statement-breakpoint
CREATE INDEX `imported_rows_post_idx` ON `imported_rows` (`post_id`);