/**
 * ChinaTravel's ten cities, each with its Chinese and English name (`chinatravel/environment/language.py`
 * CITY_NAMES, in that order). ChinaTravel's database is keyed by the city whichever language a plan is in,
 * so an English plan ("Beijing") against a Chinese-keyed POI table ("北京") names the same city: wherever
 * TripJudge compares or looks up a city, it compares these keys.
 */
export const CITY_NAMES_ZH = ["北京", "上海", "南京", "苏州", "杭州", "深圳", "成都", "武汉", "广州", "重庆"] as const;
export const CITY_NAMES_EN = [
  "Beijing",
  "Shanghai",
  "Nanjing",
  "Suzhou",
  "Hangzhou",
  "Shenzhen",
  "Chengdu",
  "Wuhan",
  "Guangzhou",
  "Chongqing",
] as const;

const index = new Map<string, number>([
  ...CITY_NAMES_ZH.map((n, i) => [n, i] as const),
  ...CITY_NAMES_EN.map((n, i) => [n, i] as const),
]);

/** The city's other spellings among ChinaTravel's names (both languages), or [] for any other city. */
export function cityNames(name: string): string[] {
  const i = index.get(name);
  return i === undefined ? [] : [CITY_NAMES_ZH[i], CITY_NAMES_EN[i]];
}

/** One key per city: ChinaTravel's cities in either language share theirs; any other name is its own key. */
export function cityKey(name: string): string {
  const i = index.get(name);
  return i === undefined ? name : CITY_NAMES_ZH[i];
}
