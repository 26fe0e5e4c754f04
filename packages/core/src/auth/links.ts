import { isConditionalFailure } from "../db/versioned";
import { ConfigError, parameter } from "../util/config";
import { LinkTokenEntity } from "./session.entity";
import { randomToken, sha256 } from "./session";

export type LinkPurpose = "reset" | "sms";

/** DESIGN §5: reset links live 60 minutes, SMS sign-in links 10. */
export const LINK_SECONDS: Record<LinkPurpose, number> = { reset: 60 * 60, sms: 10 * 60 };

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Creates a single-use link token for a user; only its hash is stored. */
export async function issue(purpose: LinkPurpose, userId: string): Promise<string> {
  const token = randomToken();
  await LinkTokenEntity.create({ purpose, tokenHash: sha256(token), userId, expiresAt: nowSeconds() + LINK_SECONDS[purpose] }).go();
  return token;
}

/**
 * Spends a link token: the user it was issued to, or undefined when it is
 * unknown, expired or already used. Spending is conditional, so two requests
 * racing with the same link cannot both succeed.
 */
export async function consume(purpose: LinkPurpose, token: string): Promise<string | undefined> {
  const tokenHash = sha256(token);
  const { data } = await LinkTokenEntity.get({ purpose, tokenHash }).go();
  if (!data || data.usedAt || data.expiresAt <= nowSeconds()) return undefined;
  try {
    await LinkTokenEntity.patch({ purpose, tokenHash })
      .set({ usedAt: new Date().toISOString() })
      .where(({ usedAt }, { notExists }) => notExists(usedAt))
      .go();
  } catch (error) {
    if (isConditionalFailure(error)) return undefined;
    throw error;
  }
  return data.userId;
}

/** The web app's address, for links in messages (bound as the APP_URL parameter; the local stack sets it). */
export async function appUrl(path: string, query: Record<string, string>): Promise<string> {
  const base = await parameter("APP_URL");
  // the stack's placeholder until the web origin is known
  if (!base || base === "none") throw new ConfigError("The web address is not configured: set the APP_URL parameter.");
  const url = new URL(path, base);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

/**
 * Runs `work` and answers no sooner than `floorMs` after the start, so the
 * answer takes the same time whether or not an account was found (DESIGN §5).
 */
export async function atLeast<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = floorMs - (performance.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}
