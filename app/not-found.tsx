import Link from "next/link";

export default function NotFound() {
  return (
    <main className="center-page">
      <div className="card narrow">
        <h1>Not found</h1>
        <p>There is nothing at this address.</p>
        <Link href="/">Home</Link>
      </div>
    </main>
  );
}
