// Apart from notices.ts: the bell is on every page, the inbox's titles, links and times load with the inbox (ADR 104).

/** The bell's accessible name: it says how many are unread. */
export const bellLabel = (unread: number) =>
  unread === 0 ? "Notifications" : `Notifications, ${unread > 99 ? "99+" : unread} unread`;
