/** lib/platform/next: the Next.js glue — next-auth's wiring, page guards, route handlers' withRole and the pages' map tiles (decision 018); the framework-free HTTP parts are lib/platform/http. */
export * from "./api";
export * from "./auth";
export * from "./tiles";
