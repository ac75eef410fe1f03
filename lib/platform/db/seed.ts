/** First-start data: the admin from ADMIN_EMAIL/ADMIN_PASSWORD and, in demo mode, experts and the demo dataset. */
import type { AppConfig } from "../../kernel";
import { hashPassword, randomToken, type Role } from "../../accounts";
import { demoBundleFiles } from "../../datasets";
import type { Db } from "./client";
import { importBundle } from "../../datasets/store";
import { ensureAdmin } from "../../accounts/store";

export const DEMO_EXPERTS: { email: string; name: string; destinations: [string, number][] }[] = [
  {
    email: "amelie@demo.tripjudge",
    name: "Amélie Laurent",
    destinations: [
      ["Paris", 5],
      ["Rome", 3],
      ["Tokyo", 2],
    ],
  },
  {
    email: "kenji@demo.tripjudge",
    name: "Kenji Watanabe",
    destinations: [
      ["Tokyo", 5],
      ["Nanjing", 3],
      ["Paris", 2],
    ],
  },
  {
    email: "giulia@demo.tripjudge",
    name: "Giulia Romano",
    destinations: [
      ["Rome", 5],
      ["Paris", 4],
      ["Nanjing", 2],
    ],
  },
  {
    email: "wei@demo.tripjudge",
    name: "Wei Chen",
    destinations: [
      ["Nanjing", 5],
      ["Tokyo", 4],
      ["Rome", 2],
    ],
  },
];

export interface Credential {
  role: Role;
  email: string;
  password: string;
}

/** Idempotent: accounts and data that exist already are left alone. Returns only newly created credentials. */
/** The first start's accounts and demo, as configured (TRIPJUDGE_DEMO, ADMIN_EMAIL, ADMIN_PASSWORD, DEMO_PASSWORD). */
export function seedOptions(
  c: Pick<AppConfig, "TRIPJUDGE_DEMO" | "ADMIN_EMAIL" | "ADMIN_PASSWORD" | "DEMO_PASSWORD">,
): SeedOptions {
  return {
    demo: c.TRIPJUDGE_DEMO,
    adminEmail: c.ADMIN_EMAIL,
    adminPassword: c.ADMIN_PASSWORD,
    demoPassword: c.DEMO_PASSWORD,
  };
}

export interface SeedOptions {
  demo: boolean;
  adminEmail?: string;
  adminPassword?: string;
  demoPassword?: string;
}

export async function seed(db: Db, opts: SeedOptions): Promise<Credential[]> {
  const created: Credential[] = [];
  const adminEmail = opts.adminEmail ?? (opts.demo ? "admin@demo.tripjudge" : undefined);
  if (adminEmail) {
    // Never the demo experts' password: every demo expert would know the admin's.
    const password = opts.adminPassword ?? randomToken(9);
    if (await ensureAdmin(db, adminEmail, password))
      created.push({ role: "ADMIN", email: adminEmail.toLowerCase(), password });
  }
  if (!opts.demo) return created;

  const admin = adminEmail ? await db.user.findUnique({ where: { email: adminEmail.toLowerCase() } }) : null;
  const files = demoBundleFiles();
  const imported = await importBundle(db, files, { actorId: admin?.id ?? null });
  if (!imported.ok)
    throw new Error(
      `the demo bundle is invalid: ${
        imported.problems
          .slice(0, 3)
          .map((p) => p.message)
          .join("; ") || imported.message
      }`,
    );

  for (const e of DEMO_EXPERTS) {
    let user = await db.user.findUnique({ where: { email: e.email } });
    if (!user) {
      const password = opts.demoPassword ?? randomToken(9);
      user = await db.user.create({
        data: { email: e.email, name: e.name, role: "EXPERT", passwordHash: await hashPassword(password) },
      });
      created.push({ role: "EXPERT", email: e.email, password });
      for (const [city, familiarity] of e.destinations) {
        const dest = await db.destination.findFirst({ where: { name: city } });
        if (!dest) continue;
        await db.expertDestination.upsert({
          where: { userId_destinationId: { userId: user.id, destinationId: dest.id } },
          create: { userId: user.id, destinationId: dest.id, familiarity },
          update: {},
        });
      }
    }
  }
  return created;
}
