-- tj_session_user, as in force. This file is its only definition from now on (migration 20261123120000_pair_state_functions last defined it);
-- lib/platform/db/migrate.ts applies it after the versioned migrations whenever it changes.
-- The account behind a session, if it still stands: active and not signed out since the token was
-- issued (same session version). The app's session check (lib/accounts/store/users.ts sessionUser) and the
-- judging functions' (tj_session_ok) both read it.
CREATE OR REPLACE FUNCTION tj_session_user(p_user text, p_session_version integer)
RETURNS TABLE (id text, email text, name text, role "Role", "sessionVersion" integer)
LANGUAGE sql STABLE AS $$
  SELECT u.id, u.email, u.name, u.role, u."sessionVersion" FROM "User" u
   WHERE u.id = p_user AND u.active AND u."sessionVersion" = p_session_version
$$;
