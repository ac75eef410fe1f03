"use client";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";

/** Email and password; above them "Sign in with …" when single sign-on is configured (ssoName). */
export function SignInForm({ initialError, ssoName }: { initialError: string | null; ssoName: string | null }) {
  const router = useRouter();
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
        setError(res?.error && res.error !== "CredentialsSignin" ? res.error : "Wrong email or password.");
        return;
      }
      router.replace("/");
      router.refresh();
    } catch {
      setError("The server could not be reached. Check your connection and try again.");
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
              void signIn("oidc", { callbackUrl: "/" }).catch(() => {
                setBusy(false);
                setError("The server could not be reached. Check your connection and try again.");
              });
            }}
          >
            Sign in with {ssoName}
          </button>
          <p className="muted">Or with your email and password:</p>
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
  return (
    <form onSubmit={onSubmit} className="stack" noValidate>
      <label>
        Email
        <input name="email" type="email" autoComplete="username" required autoFocus />
      </label>
      <label>
        Password
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <button type="submit" className="btn primary" disabled={busy}>
        {busy ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
