import { redirect } from "next/navigation";
import { currentUser, ssoProvider } from "@/lib/platform/next";
import { SignInForm } from "@/components/SignInForm";

import { signInMessage } from "@/lib/accounts";

export const dynamic = "force-dynamic";

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ error?: string; set?: string }>;
}) {
  if (await currentUser()) redirect("/");
  const { error, set } = await searchParams;
  // next-auth puts its own codes here when it redirects; show words, not codes.
  const initialError = signInMessage(error);
  return (
    <main className="center-page">
      <div className="card narrow">
        <h1>TripJudge</h1>
        <p className="muted">Sign in to judge travel itineraries.</p>
        {set && <p className="notice">Your password is set. Sign in with it now.</p>}
        <SignInForm initialError={initialError} ssoName={ssoProvider()?.name ?? null} />
      </div>
    </main>
  );
}
