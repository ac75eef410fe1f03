"use client";
/** The datasets imported so far, with their ids and counts. */
import { dateTime } from "../../format";
import { useDatasets } from "../queries";

export function DatasetsSection() {
  const datasets = useDatasets();
  return (
    <section className="card">
      <h2>Datasets</h2>
      <table className="table" aria-label="Datasets">
        <thead>
          <tr>
            <th>Name</th>
            <th>Format</th>
            <th className="num">Requests</th>
            <th className="num">Plans</th>
            <th className="num">Pairs</th>
            <th className="num">Unresolved places</th>
            <th>Imported</th>
          </tr>
        </thead>
        <tbody>
          {datasets.data?.map((d) => (
            <tr key={d.id}>
              <td>
                {d.name}
                {/* The id the command line's --into and --dataset and the API's ?dataset= take. */}
                <div className="muted">
                  id <code>{d.id}</code>
                </div>
              </td>
              <td>{d.format.toLowerCase()}</td>
              <td className="num">{d.counts.queries}</td>
              <td className="num">{d.counts.plans}</td>
              <td className="num">{d.counts.pairs}</td>
              <td className="num">{d.counts.unresolvedPlaces}</td>
              <td>
                {dateTime(d.createdAt)} {d.createdBy && <span className="muted">by {d.createdBy}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
