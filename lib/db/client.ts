/** The one Prisma client of a process (PostgreSQL through the pg driver adapter). */
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client";

export type Db = PrismaClient;

const globalForDb = globalThis as unknown as { tripjudgeDb?: PrismaClient };

export function createDb(url: string): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
}

export function db(): PrismaClient {
  if (!globalForDb.tripjudgeDb) {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set: start the app with `npm start` or set DATABASE_URL.");
    globalForDb.tripjudgeDb = createDb(url);
  }
  return globalForDb.tripjudgeDb;
}
