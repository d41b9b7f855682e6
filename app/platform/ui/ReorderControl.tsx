import { type DragEvent, type KeyboardEvent, useState } from "react";
import { Button } from "./Button";
import { cn } from "./cn";

const DRAG_TYPE = "application/x-reorder";

/**
 * Moves an item of an ordered list. Three ways, for everyone: the up and down buttons; the
 * arrow keys on the handle; or dragging the handle onto another item's handle. `onMove`
 * receives the moved item's id (the dragged one, on a drop) and its new 1-based position.
 * `list` keeps drops within one list.
 */
export function ReorderControl({
  list,
  id,
  label,
  position,
  count,
  onMove,
  disabled,
}: {
  list: string;
  id: string;
  label: string;
  position: number;
  count: number;
  onMove: (id: string, position: number) => void;
  disabled?: boolean;
}) {
  const [over, setOver] = useState(false);
  const move = (to: number) => {
    if (!disabled && to >= 1 && to <= count && to !== position) onMove(id, to);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const to = { ArrowUp: position - 1, ArrowDown: position + 1, Home: 1, End: count }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    move(to);
  };
  const accepts = (event: DragEvent) => event.dataTransfer.types.includes(`${DRAG_TYPE}-${list}`);
  return (
    <div className="flex items-center gap-1">
      <button
        type="button"
        draggable={!disabled}
        aria-label={`Reorder ${label}: position ${position} of ${count}. Use the arrow keys to move.`}
        aria-keyshortcuts="ArrowUp ArrowDown Home End"
        onKeyDown={onKeyDown}
        onDragStart={(event) => {
          event.dataTransfer.setData(`${DRAG_TYPE}-${list}`, id);
          event.dataTransfer.effectAllowed = "move";
        }}
        onDragOver={(event) => {
          if (!accepts(event)) return;
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          setOver(false);
          if (!accepts(event)) return;
          event.preventDefault();
          const dragged = event.dataTransfer.getData(`${DRAG_TYPE}-${list}`);
          if (!disabled && dragged && dragged !== id) onMove(dragged, position);
        }}
        className={cn(
          "inline-flex size-8 cursor-grab items-center justify-center rounded-control text-ink-muted",
          "hover:bg-surface focus-visible:ring-2 focus-visible:ring-brand-500/40 focus-visible:outline-none",
          over && "bg-brand-50 ring-2 ring-brand-500",
        )}
      >
        <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4" fill="currentColor">
          <circle cx="5" cy="3" r="1.3" />
          <circle cx="11" cy="3" r="1.3" />
          <circle cx="5" cy="8" r="1.3" />
          <circle cx="11" cy="8" r="1.3" />
          <circle cx="5" cy="13" r="1.3" />
          <circle cx="11" cy="13" r="1.3" />
        </svg>
      </button>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Move ${label} up`}
        disabled={disabled || position <= 1}
        onClick={() => move(position - 1)}
      >
        ↑
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Move ${label} down`}
        disabled={disabled || position >= count}
        onClick={() => move(position + 1)}
      >
        ↓
      </Button>
    </div>
  );
}
