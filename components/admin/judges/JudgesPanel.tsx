"use client";
/** The judges page's sections: automatic judges' verdicts (upload, files), their alignment with the experts, and guaranteed escalation. */
import { useState } from "react";
import { useErrorText } from "../../i18n";
import { KEYS } from "../../keys";
import { FiguresAge } from "../FiguresAge";
import { FiguresProgress } from "../FiguresProgress";
import { useJudgeBoard } from "../queries";
import { AlignmentSection } from "./AlignmentSection";
import { EscalationSection } from "./EscalationSection";
import { VerdictsSection } from "./VerdictsSection";

export function JudgesPanel() {
  const errorText = useErrorText();
  const [dataset, setDataset] = useState("");
  const board = useJudgeBoard(dataset);
  const d = board.data;
  return (
    <div className="stack">
      <VerdictsSection d={d} dataset={dataset} setDataset={setDataset} />
      {board.error && (
        <p className="error" role="alert">
          {errorText(board.error)}
        </p>
      )}
      {board.isFetching && !board.error && <FiguresProgress page="judges" />}
      {d && (
        <>
          <FiguresAge computedAt={d.computedAt} updating={d.updating} queryKey={KEYS.judges} />
          <AlignmentSection d={d} />
        </>
      )}
      <EscalationSection dataset={dataset} />
    </div>
  );
}
