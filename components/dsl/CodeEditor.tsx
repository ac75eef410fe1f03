"use client";
/** A CodeMirror 6 editor for one constraint: Python highlighting, and syntax / unknown-name problems inline as you type. */
import { python } from "@codemirror/lang-python";
import { linter, lintGutter, type Diagnostic } from "@codemirror/lint";
import { EditorView, basicSetup } from "codemirror";
import { useEffect, useRef } from "react";
import { check } from "@/lib/constraints/browser";

interface Props {
  value: string;
  onChange: (code: string) => void;
  label: string;
  preference?: string;
}

function diagnostics(view: EditorView, preference?: string): Diagnostic[] {
  const doc = view.state.doc;
  return check(doc.toString(), { preference }).map((p) => {
    const line = doc.line(Math.min(Math.max(p.line ?? 1, 1), doc.lines));
    const from = Math.min(line.from + Math.max((p.column ?? 1) - 1, 0), line.to);
    const to = Math.min(Math.max(from + 1, line.to), doc.length);
    return {
      from,
      to: Math.max(to, from),
      severity: p.severity,
      message: `${p.type}: ${p.message}${p.hint ? ` — ${p.hint}` : ""}`,
    };
  });
}

export function CodeEditor({ value, onChange, label, preference }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const v = new EditorView({
      parent: host.current!,
      doc: value,
      extensions: [
        basicSetup,
        python(),
        lintGutter(),
        linter((ed) => diagnostics(ed, preference), { delay: 120 }),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ "aria-label": label }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) changed.current(u.state.doc.toString());
        }),
      ],
    });
    view.current = v;
    return () => v.destroy();
    // The editor is made once; outside changes arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== value)
      v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
  }, [value]);

  return <div className="code-editor" ref={host} />;
}
