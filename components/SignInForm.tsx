"use client";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { SIGN_IN_MESSAGES } from "@/lib/accounts/browser";
import { signInText } from "./i18n";

/**
 * Email and password; above them "Sign in with …" when single sign-on is configured (ssoName). Either way the reader
 * lands on `next` (the page they opened signed out, checked by the sign-in page) or on their home.
 */
export function SignInForm({
  initialError,
  ssoName,
  next,
}: {
  initialError: string | null;
  ssoName: string | null;
  next: string | null;
}) {
  const router = useRouter();
  const t = useTranslations("SignIn");
  const [error, setError] = useState<string | null>(initialError);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const res = await signIn("credentials", {
        email: String(form.get("email") ?? ""),
        password: String(form.get("password") ?? ""),
        redirect: false,
      });
      if (!res || res.error) {
        const said = res?.error && res.error !== "CredentialsSignin" ? res.error : SIGN_IN_MESSAGES.wrong;
        setError(signInText(t, said, SIGN_IN_MESSAGES));
        return;
      }
      router.replace(next ?? "/");
      router.refresh();
    } catch {
      setError(t("unreachable"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {ssoName && (
        <div className="stack">
          <button
            type="button"
            className="btn primary"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              // next-auth posts its CSRF token and sends the browser to the provider (state, nonce and PKCE cookies).
              void signIn("oidc", { callbackUrl: next ?? "/" }).catch(() => {
                setBusy(false);
                setError(t("unreachable"));
              });
            }}
          >
            {t("withSso", { name: ssoName })}
          </button>
          <p className="muted">{t("orPassword")}</p>
        </div>
      )}
      <SignInFields onSubmit={onSubmit} error={error} busy={busy} />
    </>
  );
}

function SignInFields({
  onSubmit,
  error,
  busy,
}: {
  onSubmit: (e: React.FormEvent<HTMLFormElement>) => void;
  error: string | null;
  busy: boolean;
}) {
  const t = useTranslations("SignIn");
  return (
    <form onSubmit={onSubmit} className="stack" noValidate>
      <label>
        {t("email")}
        <input name="email" type="email" autoComplete="username" required autoFocus />
      </label>
      <label>
        {t("password")}
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <button type="submit" className="btn primary" disabled={busy}>
        {busy ? t("submitting") : t("submit")}
      </button>
    </form>
  );
}
