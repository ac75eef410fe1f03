import { redirect } from "next/navigation";
import { currentUser } from "@/lib/platform/next";

export const dynamic = "force-dynamic";

/** Each role's home page. */
const HOME = { ADMIN: "/admin", EXPERT: "/expert", REVIEWER: "/review" } as const;

export default async function Home() {
  const user = await currentUser();
  redirect(!user ? "/signin" : HOME[user.role]);
}
