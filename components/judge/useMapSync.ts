/** Keeps the two plans' maps on the same view while `sync` is on (moving one moves the other). */
import type L from "leaflet";
import { useCallback, useEffect, useRef, useState } from "react";

export function useMapSync() {
  const [sync, setSync] = useState(true);
  const maps = useRef<{ left?: L.Map; right?: L.Map }>({});
  const syncing = useRef(false);
  const syncRef = useRef(sync);
  useEffect(() => {
    syncRef.current = sync;
  }, [sync]);
  const onMap = useCallback(
    (side: "left" | "right") => (m: L.Map) => {
      maps.current[side] = m;
      m.on("moveend", () => {
        const other = maps.current[side === "left" ? "right" : "left"];
        if (!syncRef.current || syncing.current || !other) return;
        syncing.current = true;
        other.setView(m.getCenter(), m.getZoom(), { animate: false });
        syncing.current = false;
      });
    },
    [],
  );
  return { sync, setSync, onMap };
}
