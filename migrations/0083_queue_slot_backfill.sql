-- post_targets.queue_slot backfill (ADR 126): channels waiting before 0081 hold the instant they are due at.
-- Nothing recorded before 0081 which waiting channels the queue placed, so every channel waiting ('scheduled') on
-- an account that has a queue (an account_queues row) is taken as the holder of its instant, as ADR 022 counted a
-- slot taken by any channel due then. Where several wait at one instant, the one created first (then the smallest
-- id) holds it and the others stay unslotted: the first was there when the others came (Add to queue never picks a
-- taken instant, so a later one raced it or was scheduled by hand). An instant a channel already holds since 0081
-- stays its. Accounts without a queue, drafts, failed and sent channels are left as they are.
UPDATE post_targets SET queue_slot = due_at
WHERE queue_slot IS NULL
  AND status = 'scheduled'
  AND due_at IS NOT NULL
  AND account_id IN (SELECT account_id FROM account_queues)
  AND id = (
    SELECT w.id FROM post_targets w
    WHERE w.account_id = post_targets.account_id AND w.due_at = post_targets.due_at AND w.status = 'scheduled'
    ORDER BY w.created_at, w.id
    LIMIT 1
  )
  AND NOT EXISTS (
    SELECT 1 FROM post_targets h
    WHERE h.account_id = post_targets.account_id AND h.due_at = post_targets.due_at
      AND h.queue_slot = h.due_at AND h.status NOT IN ('draft', 'failed')
  );
