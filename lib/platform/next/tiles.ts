/** The map tiles pages pass to their maps: TILE_URL (OpenStreetMap by default); TILE_URL=none: markers and routes on a plain background. */
import { config } from "../../kernel";

export function mapTiles(): { url: string; attribution: string } | null {
  const url = config().TILE_URL;
  if (!url || url === "none") return null;
  return { url, attribution: config().TILE_ATTRIBUTION };
}
