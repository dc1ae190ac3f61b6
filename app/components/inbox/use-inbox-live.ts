import { useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import type { LiveEvent, Replying } from "../../../workers/inbox/public";

/** Without the live channel the list reads again this often. */
const FALLBACK_MS = 15_000;
const KEEPALIVE_MS = 30_000;

/**
 * The workspace's live inbox (ADR 084): a WebSocket to `/api/inbox/live` re-reads the list when an item arrives or
 * changes, and says who is writing a reply to what. When the socket cannot open or drops, the list revalidates
 * every 15 s and the socket is tried again with a growing wait.
 */
export function useInboxLive() {
  const { revalidate } = useRevalidator();
  const [replying, setReplying] = useState<Replying[]>([]);
  const [live, setLive] = useState(false);
  const socket = useRef<WebSocket | null>(null);
  const mine = useRef<string | null>(null);

  useEffect(() => {
    let closed = false;
    let retry = 1_000;
    let timers: ReturnType<typeof setTimeout>[] = [];
    let fallback: ReturnType<typeof setInterval> | null = null;
    let keepalive: ReturnType<typeof setInterval> | null = null;
    let pending: ReturnType<typeof setTimeout> | null = null;
    const reread = () => {
      // Several events in a burst (a poll's batch) make one read.
      if (pending) return;
      pending = setTimeout(() => {
        pending = null;
        void revalidate();
      }, 100);
    };
    const connect = () => {
      const url = new URL("/api/inbox/live", window.location.href);
      url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
      const ws = new WebSocket(url);
      socket.current = ws;
      ws.onopen = () => {
        retry = 1_000;
        setLive(true);
        if (fallback) clearInterval(fallback);
        fallback = null;
        keepalive = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send("ping"), KEEPALIVE_MS);
        if (mine.current) ws.send(JSON.stringify({ replying: mine.current }));
        // Whatever changed while the socket was down.
        reread();
      };
      ws.onmessage = (e) => {
        if (e.data === "pong") return;
        const event = JSON.parse(String(e.data)) as LiveEvent;
        if (event.type === "presence") setReplying(event.replying);
        else reread();
      };
      ws.onclose = () => {
        setLive(false);
        if (keepalive) clearInterval(keepalive);
        if (closed) return;
        fallback ??= setInterval(() => void revalidate(), FALLBACK_MS);
        timers.push(setTimeout(connect, retry));
        retry = Math.min(retry * 2, 60_000);
      };
    };
    connect();
    return () => {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers = [];
      if (fallback) clearInterval(fallback);
      if (keepalive) clearInterval(keepalive);
      if (pending) clearTimeout(pending);
      socket.current?.close(1000);
    };
  }, [revalidate]);

  /** Tells the team this member is (or, with null, is no longer) writing a reply to the item. */
  const announce = useCallback((itemId: string | null) => {
    if (mine.current === itemId) return;
    mine.current = itemId;
    const ws = socket.current;
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ replying: itemId }));
  }, []);

  return { live, replying, announce };
}
