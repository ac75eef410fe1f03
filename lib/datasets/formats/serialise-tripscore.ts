/**
 * A corrected plan as TripScore's itinerary JSON: `dayInfos[].scheduleDetail[]` slots (a period, a description,
 * a `detailList` of {type, id, name}). Places have periods and no times; train times come from the timetable.
 */
import type { Item } from "../itinerary/model";
import { sameData, changed, NotCarried, type Corrected } from "../../corrections";

type Raw = Record<string, unknown>;
type Slot = Raw & { period: string; detailList: Raw[] };
type RawPlan = Raw & { dayInfos: (Raw & { scheduleDetail: Slot[] })[] };

function entry(item: Item, src: Item | null, raw: Raw | null): Raw {
  if (changed(item, src, "startTime") || changed(item, src, "endTime")) {
    if (item.kind === "transport") throw new NotCarried(`TripScore takes ${item.name}'s times from its timetable`);
    if (src || item.startTime || item.endTime)
      throw new NotCarried(`TripScore gives places a period, not times: ${item.name} cannot be at ${item.startTime}`);
  }
  if (!item.period)
    throw new NotCarried(`TripScore puts every place in a Morning, Afternoon or Evening slot: ${item.name} has none`);
  if (item.mealType && changed(item, src, "mealType"))
    throw new NotCarried("TripScore does not say which meal a meal is");
  if (src && raw && sameData(item, src)) return raw;
  const out: Raw = raw ? { ...raw } : { type: item.kind === "hotel" ? "hotel" : "poi" };
  if (changed(item, src, "poiId")) out.id = item.poiId ?? "";
  if (changed(item, src, "name")) out.name = item.name;
  return out;
}

export function tripScoreRecord(raw: unknown, c: Corrected): unknown {
  const r = raw as RawPlan;
  // Each source item's slot and entry, in the order the importer read them.
  const where = r.dayInfos.map((d) => d.scheduleDetail.flatMap((s, si) => s.detailList.map((_, ei) => ({ si, ei }))));
  return {
    ...r,
    dayInfos: c.corrected.days.map((d, di) => {
      if (c.untouched(di)) return r.dayInfos[di];
      // Runs of items with one period, from one source slot (new items join the run they are put in).
      const runs: { period: string; from: { day: number; si: number } | null; list: Raw[] }[] = [];
      d.items.forEach((item, ii) => {
        const o = c.origins[di][ii];
        const at = o && where[o.day][o.item];
        const from = o && at ? { day: o.day, si: at.si } : null;
        const e = entry(
          item,
          c.from(di, ii),
          o && at ? r.dayInfos[o.day].scheduleDetail[at.si].detailList[at.ei] : null,
        );
        const last = runs.at(-1);
        if (last && last.period === item.period && (!from || !last.from || sameData(from, last.from))) {
          last.list.push(e);
          last.from ??= from;
        } else runs.push({ period: item.period!, from, list: [e] });
      });
      const scheduleDetail = runs.map((run) => {
        if (!run.from) return { period: run.period, description: null, detailList: run.list };
        const slot = r.dayInfos[run.from.day].scheduleDetail[run.from.si];
        // A slot whose entries are all its own, unchanged and in order, is the raw slot itself.
        const same = slot.period === run.period && slot.detailList.length === run.list.length;
        if (same && run.list.every((e, i) => e === slot.detailList[i])) return slot;
        return { ...slot, period: run.period, detailList: run.list };
      });
      return { ...r.dayInfos[di], scheduleDetail };
    }),
  };
}
