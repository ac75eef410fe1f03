"use client";

export default function ErrorPage({ reset }: { error: Error; reset: () => void }) {
  return (
    <main className="center-page">
      <div className="card narrow">
        <h1>Something went wrong</h1>
        <p>
          The page could not be shown. Nothing you submitted was lost. If the database is unreachable, the admin has
          been told in the server log.
        </p>
        <button className="btn" onClick={reset}>
          Try again
        </button>
      </div>
    </main>
  );
}
