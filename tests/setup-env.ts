import { inject } from "vitest";
import { findRoute } from "../packages/functions/src/routes";
import { serveRouteTable } from "../packages/functions/src/lib/route";
import { hashAtTestCostWhenAsked } from "../packages/local/src/test-hash";

// Tests that call core directly reach the same DynamoDB Local and s3rver as the API under test.
Object.assign(process.env, inject("stackEnv"));

// Tests that hash in-process (a user made through core) do so at the stack's cost (tests/global-setup.ts).
hashAtTestCostWhenAsked({ FLEETFORMS_TEST_HASH: inject("testHash") });

// Tests that call a handler in-process serve every route, as the local stack does (functions/lib/route.ts).
serveRouteTable(findRoute);
