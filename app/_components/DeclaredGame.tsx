"use client";
/**
 * Declares a preset's game in the browser before anything below it asks the rules module about
 * it: the game page of a preset game wraps its player in this, with the declaration the server
 * played it by (lib/games/presets.ts). Plain data, declared once per page load and id.
 */
import type { ReactNode } from "react";
import { declareVariant, type VariantDecl } from "@/lib/rules";

const done = new Map<string, VariantDecl>();

export function DeclaredGame({ decl, children }: { decl: VariantDecl | null; children: ReactNode }) {
  // During render, not in an effect: the children's first render already builds the Game.
  if (decl && done.get(decl.id) !== decl) {
    declareVariant(decl);
    done.set(decl.id, decl);
  }
  return <>{children}</>;
}
