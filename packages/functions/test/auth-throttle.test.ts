import { request } from "node:http";
import { beforeEach, describe, expect, it, inject } from "vitest";
import { DEMO_PASSWORD, unique } from "../../../tests/http";
import { clearOfWindowEdge, freshUser, outboxFor, registrationPayload } from "../../../tests/auth-helpers";
import * as Auth from "@fleetforms/core/auth/index";
import { loginLimits } from "@fleetforms/core/auth/login";
import * as Throttle from "@fleetforms/core/auth/throttle";
import * as User from "@fleetforms/core/user/index";

const THROTTLED = "Too many sign-in attempts. Please wait a few minutes and try again.";
const LOGIN_FAILED = "Username or password is incorrect. Please verify and try again.";
const { perAccount } = Auth.LOGIN_LIMITS;

// every count below is read in the window it was made in (the longest test takes ~10 s on a loaded machine)
// a busy machine (two test workers and DynamoDB Local on two cores) takes up to a minute over the parallel
// guesses below: no test may straddle a window's edge
beforeEach(() => clearOfWindowEdge(Auth.LOGIN_LIMITS.windowSeconds, 90), 120_000);

/**
 * A client at its own loopback address (127.x.y.z): the local server sees it as the request's source
 * address, as API Gateway reports `sourceIp`, so these tests use their own address counters and leave
 * 127.0.0.1's to the other test files.
 */
function client() {
  const localAddress = `127.${1 + Math.floor(Math.random() * 254)}.${Math.floor(Math.random() * 256)}.${2 + Math.floor(Math.random() * 250)}`;
  const api = new URL(inject("apiUrl"));
  const send = (method: string, path: string, body?: unknown) =>
    new Promise<{ status: number; retryAfter: string | undefined; body: any }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        {
          host: "127.0.0.1",
          port: api.port,
          path: `${api.pathname}${path}`,
          method,
          localAddress,
          agent: false,
          headers: payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {},
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            resolve({ status: res.statusCode ?? 0, retryAfter: res.headers["retry-after"] as string | undefined, body: text ? JSON.parse(text) : undefined });
          });
        },
      );
      req.on("error", reject);
      req.end(payload);
    });
  return { address: localAddress, send };
}

const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((out, status) => ({ ...out, [status]: (out[status] ?? 0) + 1 }), {});

describe("sign-in throttle under concurrency (security item 1)", () => {
  it("150 parallel wrong guesses and the right password: at most the account limit is ever compared, and the account ends locked", async () => {
    const person = await freshUser();
    const attacker = client();
    const guess = (i: number) => attacker.send("POST", "/auth/login", { email: person.username, password: `guess-${i}` });
    // The right password races the first 100 guesses; the last 50 follow its answer, so whichever won, the
    // account has guesses left to lock it with (a success clears the failures counted before it).
    const firstWave = Array.from({ length: 100 }, (_, i) => guess(i));
    const rightAnswer = await attacker.send("POST", "/auth/login", { email: person.username, password: person.password });
    const secondWave = Array.from({ length: 50 }, (_, i) => guess(100 + i));
    const answers = await Promise.all([...firstWave, ...secondWave]);

    const counts = tally(answers.map((answer) => answer.status));
    expect(Object.keys(counts).sort(), JSON.stringify(counts)).toEqual(expect.arrayContaining(["401", "429"]));
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(150);
    for (const answer of answers) {
      if (answer.status === 401) expect(answer.body.message).toBe(LOGIN_FAILED);
      else {
        expect(answer.body.message).toBe(THROTTLED);
        expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      }
    }
    if (rightAnswer.status === 429) {
      // The right password came after the limit was reached: it was never compared, and neither were more than `perAccount` guesses.
      expect(rightAnswer.body.message).toBe(THROTTLED);
      expect(counts[401]).toBe(perAccount);
    } else {
      // Only when it landed within the first `perAccount` attempts may it succeed. A success clears the
      // account's failures (docs/decisions.md), so at most perAccount - 1 guesses before it and perAccount after.
      expect(rightAnswer.status).toBe(200);
      expect(counts[401]).toBeLessThanOrEqual(2 * perAccount - 1);
    }
    // Either way the account ends locked: its counter is full, and the right password is refused, from anywhere.
    expect(await Throttle.counted(loginLimits(person.user, attacker.address)[0]!)).toBe(perAccount);
    const after = await client().send("POST", "/auth/login", { email: person.username, password: person.password });
    expect(after.status).toBe(429);
    expect(after.body.message).toBe(THROTTLED);
  }, 60_000);

  it("counts the username and the e-mail of one account against one counter", async () => {
    const person = await freshUser();
    const attacker = client();
    for (let i = 0; i < perAccount; i++) {
      const identifier = i % 2 === 0 ? person.username : person.email.toUpperCase();
      expect((await attacker.send("POST", "/auth/login", { email: identifier, password: `wrong-${i}` })).status).toBe(401);
    }
    for (const identifier of [person.username, person.email]) {
      const blocked = await attacker.send("POST", "/auth/login", { email: identifier, password: person.password });
      expect(blocked.status).toBe(429);
    }
    expect(await Throttle.counted(loginLimits(person.user, attacker.address)[0]!)).toBe(perAccount);
  });

  it("throttles an unknown identifier the same way, so the answers do not reveal whether it exists", async () => {
    const attacker = client();
    const ghost = unique("ghost_").slice(0, 20);
    const answers = await Promise.all(Array.from({ length: perAccount + 5 }, (_, i) => attacker.send("POST", "/auth/login", { email: ghost, password: `guess-${i}` })));
    expect(tally(answers.map((answer) => answer.status))).toEqual({ 401: perAccount, 429: 5 });
  });

  // 50 of the guesses are hashed (an unknown account is hashed as a known one is), on the local stack's password
  // threads: ~10 s on two busy cores. Hashed on the event loop they took over 30 s, the functions' local deadline
  it("refuses parallel guesses from one address past its limit across many accounts", { timeout: 90_000 }, async () => {
    const attacker = client();
    const { perAddress } = Auth.LOGIN_LIMITS;
    const answers = await Promise.all(
      Array.from({ length: perAddress + 20 }, (_, i) => attacker.send("POST", "/auth/login", { email: `${unique("nobody_")}_${i}`.slice(0, 30), password: "guess" })),
    );
    expect(tally(answers.map((answer) => answer.status))).toEqual({ 401: perAddress, 429: 20 });
    // another address is not affected
    expect((await client().send("POST", "/auth/login", { email: "acme_viewer", password: DEMO_PASSWORD })).status).toBe(200);
  });

  it("a success gives the address its slot back, so only failures count against an office's address", async () => {
    const person = await freshUser();
    const office = client();
    for (let i = 0; i < 3; i++) expect((await office.send("POST", "/auth/login", { email: person.username, password: "wrong" })).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await office.send("POST", "/auth/login", { email: person.username, password: person.password })).status).toBe(200);
    const [account, address] = loginLimits(person.user, office.address);
    expect(await Throttle.counted(address!)).toBe(3);
    expect(await Throttle.counted(account!)).toBe(0);
  });
});

describe("per-address throttle on registration and reset requests (security item 11)", () => {
  it("refuses the 31st sign-up attempt from one address in an hour with 429 and retry-after, across both registration routes", async () => {
    const { perAddress } = Auth.REGISTRATION_LIMITS;
    const office = client();
    const half = Math.floor(perAddress / 2);
    const companies = await Promise.all(Array.from({ length: half }, () => office.send("POST", "/auth/register/user-and-company", registrationPayload())));
    const solos = await Promise.all(
      Array.from({ length: perAddress - half }, () => {
        const username = unique("solo_").slice(0, 20);
        return office.send("POST", "/auth/register", { user: { username, firstName: "So", lastName: "Lo" }, email: `${username}@example.com`, password: "solo registration ok" });
      }),
    );
    expect([...companies, ...solos].map((answer) => answer.status)).toEqual(Array(perAddress).fill(201));

    const refused = registrationPayload();
    const blocked = await office.send("POST", "/auth/register/user-and-company", refused);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe("Too many requests. Please try again later.");
    expect(Number(blocked.retryAfter)).toBeGreaterThan(0);
    expect(await User.fromLogin(refused.username)).toBeUndefined();
    const username = unique("solo_").slice(0, 20);
    const blockedSolo = await office.send("POST", "/auth/register", { user: { username, firstName: "So", lastName: "Lo" }, email: `${username}@example.com`, password: "solo registration ok" });
    expect(blockedSolo.status).toBe(429);
    expect(await User.fromLogin(username)).toBeUndefined();

    // another address still registers
    expect((await client().send("POST", "/auth/register/user-and-company", registrationPayload())).status).toBe(201);
  });

  it("counts parallel registrations atomically: exactly the limit get through", async () => {
    const { perAddress } = Auth.REGISTRATION_LIMITS;
    const burst = client();
    // invalid bodies are refused before they count; these are valid but name a taken username, so nothing is written
    const answers = await Promise.all(Array.from({ length: perAddress + 10 }, () => burst.send("POST", "/auth/register/user-and-company", registrationPayload({ username: "acme_driver" }))));
    expect(tally(answers.map((answer) => answer.status))).toEqual({ 409: perAddress, 429: 10 });
  });

  it("answers reset requests within the limit with the SPEC wording, and refuses the rest with 429", async () => {
    const { perAddress } = Auth.RESET_LIMITS;
    const person = await freshUser();
    const sender = client();
    const answers = await Promise.all(
      Array.from({ length: perAddress + 5 }, (_, i) => sender.send("POST", "/auth/send-reset-password", { email: i === 0 ? person.email : `nobody-${unique("r")}@example.com` })),
    );
    const ok = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(ok).toHaveLength(perAddress);
    expect(refused).toHaveLength(5);
    for (const answer of ok) expect(answer.body.message).toBe("If the email exists, a reset link has been sent");
    for (const answer of refused) {
      expect(answer.body.message).toBe("Too many requests. Please try again later.");
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    // the limit is per address: the person can still ask from elsewhere
    expect((await client().send("POST", "/auth/send-reset-password", { email: person.email })).status).toBe(200);
    expect((await outboxFor(person.email)).length).toBeGreaterThanOrEqual(1);
  });

  it("refuses SMS requests from one address past its limit, whatever the numbers", async () => {
    const { perAddress } = Auth.SMS_LIMITS;
    const sender = client();
    const answers = await Promise.all(
      Array.from({ length: perAddress + 3 }, () => sender.send("POST", "/auth/request-sms-login", { phoneNumber: `555${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`, consent: true })),
    );
    expect(tally(answers.map((answer) => answer.status))).toEqual({ 200: perAddress, 429: 3 });
  });
});
