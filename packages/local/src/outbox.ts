import type { IncomingMessage, ServerResponse } from "node:http";
import type { OutboxItem } from "@fleetforms/core/messaging/outbox";
import { normalizePhone } from "@fleetforms/core/user/validation";
import { isLoopback } from "./settings";

/**
 * Reset and sign-in links sit in the outbox, so only this machine reads it:
 * the caller's address must be loopback even when HOST opens the server to
 * the network, and the Host header must name loopback too, so a page of
 * another site whose name resolves to 127.0.0.1 (DNS rebinding) cannot read it.
 */
function fromThisMachine(req: IncomingMessage): boolean {
  const host = (req.headers.host ?? "").replace(/:\d+$/, "");
  return isLoopback(req.socket.remoteAddress) && isLoopback(host);
}

/**
 * The local stack's outbox (DESIGN §2): the e-mails and SMS the product
 * would have sent, at /dev/outbox for a person to click the links, and at
 * /dev/outbox.json?to=... for tests. Only the local server mounts this.
 */
export async function handleOutbox(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  if (url.pathname !== "/dev/outbox" && url.pathname !== "/dev/outbox.json") return false;
  if (!fromThisMachine(req)) {
    res.writeHead(403, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" }).end(JSON.stringify({ code: "outbox.local_only", message: "The outbox answers only on this machine (http://localhost)." }));
    return true;
  }
  if (req.method !== "GET") {
    res.writeHead(405, { "content-type": "application/json; charset=utf-8" }).end(JSON.stringify({ code: "route.method_not_allowed", message: "Method Not Allowed" }));
    return true;
  }
  const to = url.searchParams.get("to")?.trim() || undefined;
  const limit = Number(url.searchParams.get("limit") ?? 50) || 50;
  const phone = to && /^\+?[\d\s().-]+$/.test(to) ? (normalizePhone(to) ?? to.replace(/\D/g, "")) : undefined;
  // Loaded on first use: core's entities read the table name the stack sets after the server starts.
  const { Outbox } = await import("@fleetforms/core/messaging/outbox");
  const messages = await Outbox.list({ to: phone ?? to, limit });
  if (url.pathname === "/dev/outbox.json") {
    res.writeHead(200, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
    res.end(JSON.stringify({ messages }));
    return true;
  }
  res.writeHead(200, {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
    "x-content-type-options": "nosniff",
  });
  res.end(page(messages, to));
  return true;
}

const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Message text with its links made clickable (only http(s) links; everything else escaped). */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s"'<>]+)/g)
    .map((part, i) => (i % 2 === 1 ? `<a href="${escape(part)}">${escape(part)}</a>` : escape(part)))
    .join("");
}

function page(messages: OutboxItem[], to: string | undefined): string {
  const rows = messages
    .map(
      (message) => `<article>
  <header><span class="channel">${message.channel === "sms" ? "SMS" : "E-mail"}</span> to <strong>${escape(message.to)}</strong> <time>${escape(message.sentAt)}</time></header>
  ${message.subject ? `<h2>${escape(message.subject)}</h2>` : ""}
  <pre>${linkify(message.text)}</pre>
</article>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Outbox · Fleetforms local</title>
<style>
body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#0f172a}
article{border:1px solid #cbd5e1;border-radius:.5rem;padding:1rem;margin:1rem 0}
header{font-size:.875rem;color:#475569}.channel{font-weight:700;color:#0f4c81}
h2{font-size:1rem;margin:.5rem 0}pre{white-space:pre-wrap;font-family:inherit}
form{display:flex;gap:.5rem}input{flex:1;padding:.25rem .5rem}
</style></head><body>
<h1>Outbox</h1>
<p>E-mails and SMS the local stack would have sent, newest first. Nothing here leaves this machine.</p>
<form method="get" action="/dev/outbox"><label for="to">Recipient</label><input id="to" name="to" value="${escape(to ?? "")}" placeholder="e-mail or phone"><button>Filter</button></form>
${rows || "<p>No messages yet.</p>"}
</body></html>`;
}
