import { redirect } from "next/navigation";
import { currentUser, ssoProvider } from "@/lib/platform/next";
import { SignInForm } from "@/components/SignInForm";

import { getTranslations } from "next-intl/server";
import { returnPath, signInMessage, SIGN_IN_MESSAGES } from "@/lib/accounts";
import { signInText } from "@/components/i18n";

export const dynamic = "force-dynamic";

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ error?: string; set?: string; next?: string }>;
}) {
  const { error, set, next: asked } = await searchParams;
  // The page opened signed out (proxy.ts), followed back after signing in: a path of this site only.
  const next = returnPath(typeof asked === "string" ? asked : null);
  if (await currentUser()) redirect(next ?? "/");
  // next-auth puts its own codes here when it redirects; show words, not codes.
  const said = signInMessage(error);
  const t = await getTranslations("SignIn");
  const initialError = said && signInText(t, said, SIGN_IN_MESSAGES);
  return (
    <main className="center-page">
      <div className="card narrow">
        <h1>TripJudge</h1>
        <p className="muted">{t("tagline")}</p>
        {set && <p className="notice">{t("passwordSet")}</p>}
        <SignInForm initialError={initialError} ssoName={ssoProvider()?.name ?? null} next={next} />
      </div>
    </main>
  );
}
