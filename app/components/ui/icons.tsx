import type { SVGProps } from "react";

/**
 * The app's icons: lucide's shapes (lucide-react), drawn from one SVG sprite, /icons.svg, that
 * scripts/icon-sprite.ts writes at build time with a symbol for each icon below, named by its lucide export (ADR 134).
 * A page's markup carries one `<use>` per icon instead of its paths, and no page's JavaScript carries shapes. Each
 * takes what an `<svg>` takes; its size and colour come from its classes, its stroke from lucide's defaults.
 */
export type AppIcon = (props: IconProps) => React.JSX.Element;
type IconProps = Omit<SVGProps<SVGSVGElement>, "children">;

/** Where the sprite is served from (public/icons.svg). */
export const ICON_SPRITE = "/icons.svg";

/** Whether the caller said what the icon means, or hid it itself: lucide hides the rest from assistive technology. */
const labelled = (props: IconProps) =>
  Object.keys(props).some((key) => key.startsWith("aria-") || key === "role" || key === "title");

function spriteIcon(name: string): AppIcon {
  const href = `${ICON_SPRITE}#${name}`;
  const Icon = (props: IconProps) => (
    // biome-ignore lint/a11y/noSvgWithoutTitle: decorative unless its caller labels it (aria-*, role, title), as lucide's
    <svg
      aria-hidden={labelled(props) ? undefined : true}
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      <use href={href} />
    </svg>
  );
  Icon.displayName = name;
  return Icon;
}

export const AlertCircle = spriteIcon("AlertCircle");
export const AlertTriangle = spriteIcon("AlertTriangle");
export const ArrowDown = spriteIcon("ArrowDown");
export const ArrowLeft = spriteIcon("ArrowLeft");
export const ArrowUp = spriteIcon("ArrowUp");
export const BarChart3 = spriteIcon("BarChart3");
export const Bell = spriteIcon("Bell");
export const Building2 = spriteIcon("Building2");
export const CalendarClock = spriteIcon("CalendarClock");
export const CalendarDays = spriteIcon("CalendarDays");
export const Check = spriteIcon("Check");
export const CheckCircle2 = spriteIcon("CheckCircle2");
export const ChevronDown = spriteIcon("ChevronDown");
export const ChevronLeft = spriteIcon("ChevronLeft");
export const ChevronRight = spriteIcon("ChevronRight");
export const Circle = spriteIcon("Circle");
export const ClipboardCheck = spriteIcon("ClipboardCheck");
export const Download = spriteIcon("Download");
export const ExternalLink = spriteIcon("ExternalLink");
export const Eye = spriteIcon("Eye");
export const EyeOff = spriteIcon("EyeOff");
export const FileImage = spriteIcon("FileImage");
export const FileQuestion = spriteIcon("FileQuestion");
export const FileSpreadsheet = spriteIcon("FileSpreadsheet");
export const FileText = spriteIcon("FileText");
export const FileVideo = spriteIcon("FileVideo");
export const Film = spriteIcon("Film");
export const Filter = spriteIcon("Filter");
export const FolderOpen = spriteIcon("FolderOpen");
export const GripVertical = spriteIcon("GripVertical");
export const Heart = spriteIcon("Heart");
export const Home = spriteIcon("Home");
export const Image = spriteIcon("Image");
export const ImageIcon = spriteIcon("ImageIcon");
export const ImageOff = spriteIcon("ImageOff");
export const Inbox = spriteIcon("Inbox");
export const Info = spriteIcon("Info");
export const LayoutDashboard = spriteIcon("LayoutDashboard");
export const LayoutGrid = spriteIcon("LayoutGrid");
export const Link2 = spriteIcon("Link2");
export const List = spriteIcon("List");
export const ListOrdered = spriteIcon("ListOrdered");
export const Loader2 = spriteIcon("Loader2");
export const LogOut = spriteIcon("LogOut");
export const Mail = spriteIcon("Mail");
export const Menu = spriteIcon("Menu");
export const MessageSquare = spriteIcon("MessageSquare");
export const MessageSquareWarning = spriteIcon("MessageSquareWarning");
export const MoreHorizontal = spriteIcon("MoreHorizontal");
export const Paperclip = spriteIcon("Paperclip");
export const PenSquare = spriteIcon("PenSquare");
export const Pencil = spriteIcon("Pencil");
export const Plus = spriteIcon("Plus");
export const RefreshCw = spriteIcon("RefreshCw");
export const RotateCw = spriteIcon("RotateCw");
export const Search = spriteIcon("Search");
export const Send = spriteIcon("Send");
export const Settings = spriteIcon("Settings");
export const Sparkles = spriteIcon("Sparkles");
export const Table = spriteIcon("Table");
export const Trash2 = spriteIcon("Trash2");
export const Upload = spriteIcon("Upload");
export const Users = spriteIcon("Users");
export const X = spriteIcon("X");
export const XCircle = spriteIcon("XCircle");
