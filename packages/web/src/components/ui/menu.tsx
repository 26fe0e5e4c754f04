import type { ComponentProps, ReactNode } from "react";
import { Menu as HeadlessMenu, MenuButton as HeadlessMenuButton, MenuItem as HeadlessMenuItem, MenuItems as HeadlessMenuItems, MenuSeparator as HeadlessMenuSeparator } from "@headlessui/react";
import { Link, type LinkProps } from "react-router-dom";
import { cn } from "@/lib/cn";

/** A dropdown menu: arrow keys, typeahead, Escape and focus return come from Headless UI. */
export const Menu = HeadlessMenu;

export function MenuButton({ className, ...props }: ComponentProps<typeof HeadlessMenuButton>) {
  return (
    <HeadlessMenuButton
      className={cn(
        "inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 data-open:bg-slate-100",
        className as string,
      )}
      {...props}
    />
  );
}

/**
 * Only the way in is animated, by CSS (@starting-style), as in the modal (dialog.tsx): with Headless UI's
 * `transition` prop a menu closed during its enter transition on a busy page can wait for good on a
 * transition the browser replaced, and stay mounted, invisible, over what is under it (headlessui#3892).
 */
export function MenuItems({ className, anchor = "bottom end", ...props }: ComponentProps<typeof HeadlessMenuItems>) {
  return (
    <HeadlessMenuItems
      anchor={anchor}
      className={cn(
        "z-30 min-w-44 rounded-md border border-slate-200 bg-white p-1 shadow-lg [--anchor-gap:0.25rem] focus:outline-none",
        "transition duration-100 ease-out starting:scale-95 starting:opacity-0",
        className as string,
      )}
      {...props}
    />
  );
}

const itemClasses = "flex w-full items-center gap-2 rounded px-3 py-2 text-left text-sm text-slate-800 data-disabled:opacity-50 data-focus:bg-brand-50 data-focus:text-brand-900";

export function MenuItem({ children, onClick, disabled }: { children: ReactNode; onClick: () => void; disabled?: boolean }) {
  return (
    <HeadlessMenuItem disabled={disabled}>
      <button type="button" onClick={onClick} className={itemClasses}>
        {children}
      </button>
    </HeadlessMenuItem>
  );
}

export function MenuLinkItem({ className, ...props }: LinkProps) {
  return (
    <HeadlessMenuItem>
      <Link className={cn(itemClasses, typeof className === "string" ? className : undefined)} {...props} />
    </HeadlessMenuItem>
  );
}

export function MenuSeparator() {
  return <HeadlessMenuSeparator className="my-1 h-px bg-slate-200" />;
}
