"use client";
/** The admin home's sign-in setting: experts on single sign-on only (docs/decisions/023). */
import type { SignInSettings } from "@/lib/accounts/browser";
import { useState, useSyncExternalStore } from "react";
import { useSetSignInSettings } from "./mutations";

export function SignInSection({ initial, ssoName }: { initial: SignInSettings; ssoName: string | null }) {
  const [settings, setSettings] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  // A click before hydration would flip the box and save nothing: it is enabled once React handles it.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  // The box flips at once; a refusal puts it back and says why.
  const save = useSetSignInSettings({
    onMutate: (patch) => setSettings((s) => ({ ...s, ...patch })),
    onSuccess: (answer) => {
      setSettings(answer);
      setError(null);
    },
    onError: (e, patch) => {
      setSettings((s) => ({ ...s, expertsSsoOnly: !patch.expertsSsoOnly }));
      setError(e.message);
    },
  });
  return (
    <section className="card" aria-labelledby="sign-in-heading">
      <h2 id="sign-in-heading">Sign-in</h2>
      <p className="muted">
        {ssoName
          ? `Single sign-on is configured: the sign-in page offers “Sign in with ${ssoName}”.`
          : "Single sign-on is not configured (TRIPJUDGE_OIDC_ISSUER, see the operations guide): everyone signs in with a password."}
      </p>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={settings.expertsSsoOnly}
          disabled={!hydrated || save.isPending}
          onChange={(e) => save.mutate({ expertsSsoOnly: e.target.checked })}
        />
        Experts sign in with single sign-on only (admins and reviewers keep their passwords)
      </label>
      {settings.expertsSsoOnly && !ssoName && (
        <p className="notice">Takes effect once single sign-on is configured; until then experts use passwords.</p>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </section>
  );
}

const noSubscription = () => () => {};
