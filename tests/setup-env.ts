import { inject } from "vitest";

// Tests that call core directly reach the same DynamoDB Local and s3rver as the API under test.
Object.assign(process.env, inject("stackEnv"));
