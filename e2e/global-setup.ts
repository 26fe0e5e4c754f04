import type { FullConfig } from "@playwright/test";
import { raiseDemoLimits } from "../tests/demo-limits";
import { DEMO_PASSWORD } from "./auth-support";

/** The journeys share the demo companies: their request limit is raised first (tests/demo-limits.ts). */
export default async function globalSetup(config: FullConfig) {
  await raiseDemoLimits(`${config.projects[0]!.use.baseURL}/api`, DEMO_PASSWORD);
}
