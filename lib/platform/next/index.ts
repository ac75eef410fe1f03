/** lib/platform/next: the Next.js glue — next-auth's wiring, page guards and route handlers' withRole (decision 018); the framework-free HTTP parts are lib/platform/http. */
export * from "./api";
export * from "./auth";
