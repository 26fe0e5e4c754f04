export * as Outbox from "./outbox";
import { randomUUID } from "node:crypto";
import { OutboxEntity, type OutboxItem } from "./outbox.entity";

export type { OutboxItem } from "./outbox.entity";

/** Messages stay a week in the local outbox. */
const KEEP_SECONDS = 7 * 24 * 3600;
const LINK = /https?:\/\/[^\s"'<>]+/g;

export interface OutboxInput {
  channel: "email" | "sms";
  to: string;
  subject?: string;
  text: string;
  html?: string;
}

export async function store(message: OutboxInput): Promise<OutboxItem> {
  const now = new Date();
  const { data } = await OutboxEntity.create({
    messageId: randomUUID(),
    channel: message.channel,
    to: message.to.toLowerCase(),
    subject: message.subject ?? "",
    text: message.text,
    html: message.html,
    links: [...new Set(message.text.match(LINK) ?? [])],
    sentAt: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + KEEP_SECONDS,
  }).go();
  return data as OutboxItem;
}

/** Newest first; `to` narrows to one e-mail address or phone number. */
export async function list(options: { to?: string; limit?: number } = {}): Promise<OutboxItem[]> {
  const limit = Math.min(Math.max(options.limit ?? 50, 1), 200);
  const query = options.to
    ? OutboxEntity.query.byRecipient({ to: options.to.toLowerCase() })
    : OutboxEntity.query.all({});
  const { data } = await query.go({ order: "desc", limit });
  return data;
}
