/** Position bias: the share of decisive verdicts for the plan shown on the left, overall and per expert, against ½. */
import { sideShare, type SideShare } from "../leaderboard/win-table";

export interface SideCounts {
  userId: string;
  name: string;
  left: number;
  right: number;
  neither: number;
}

export function positionBias(rows: readonly SideCounts[]): {
  overall: SideShare;
  experts: (SideShare & { userId: string; name: string })[];
} {
  let left = 0,
    right = 0,
    neither = 0;
  for (const r of rows) {
    left += r.left;
    right += r.right;
    neither += r.neither;
  }
  return {
    overall: sideShare(left, left + right, neither),
    experts: rows.map((r) => ({ userId: r.userId, name: r.name, ...sideShare(r.left, r.left + r.right, r.neither) })),
  };
}
