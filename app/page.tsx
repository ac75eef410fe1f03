import { redirect } from "next/navigation";
import { currentUser } from "@/lib/platform/next";

export const dynamic = "force-dynamic";

export default async function Home() {
  const user = await currentUser();
  redirect(!user ? "/signin" : user.role === "ADMIN" ? "/admin" : "/expert");
}
