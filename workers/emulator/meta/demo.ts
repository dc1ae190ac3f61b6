import { avatar } from "../avatar";
/** The demo people, Pages and accounts the Meta consent screens offer. Fixed ids, so runs are repeatable. */

export interface DemoIgAccount {
  id: string;
  username: string;
  name: string;
  accountType: "BUSINESS" | "CREATOR";
  picture: string;
}

export interface DemoPage {
  id: string;
  name: string;
  category: string;
  picture: string;
  ig: DemoIgAccount | null;
}

export const FB_USER = { id: "10150000000000001", name: "Alex Rivera", picture: avatar("AR", "#1877f2") };

export const PAGES: DemoPage[] = [
  {
    id: "20150000000000001",
    name: "Sunrise Bakery",
    category: "Bakery",
    picture: avatar("SB", "#f59e0b"),
    ig: {
      id: "17841400000000001",
      username: "sunrisebakery",
      name: "Sunrise Bakery",
      accountType: "BUSINESS",
      picture: avatar("SB", "#e1306c"),
    },
  },
  {
    id: "20150000000000002",
    name: "Trailhead Outfitters",
    category: "Outdoor & Sporting Goods",
    picture: avatar("TO", "#16a34a"),
    ig: {
      id: "17841400000000002",
      username: "trailhead.outfitters",
      name: "Trailhead Outfitters",
      accountType: "BUSINESS",
      picture: avatar("TO", "#c13584"),
    },
  },
  {
    id: "20150000000000003",
    name: "Alex Rivera Studio",
    category: "Artist",
    picture: avatar("AS", "#7c3aed"),
    ig: null,
  },
];

/** Accounts offered by "Instagram Login" (Instagram Only). */
export const IG_LOGIN_ACCOUNTS: DemoIgAccount[] = [
  {
    id: "17841400000000011",
    username: "alex.rivera.creates",
    name: "Alex Rivera",
    accountType: "CREATOR",
    picture: avatar("AR", "#833ab4"),
  },
  {
    id: "17841400000000012",
    username: "sunrise.bakes",
    name: "Sunrise Bakes",
    accountType: "BUSINESS",
    picture: avatar("SB", "#fd1d1d"),
  },
];

export const THREADS_USERS = [
  {
    id: "25000000000000001",
    username: "alex.rivera",
    name: "Alex Rivera",
    picture: avatar("AR", "#000000"),
    bio: "Baker, hiker, maker.",
  },
  {
    id: "25000000000000002",
    username: "sunrisebakery",
    name: "Sunrise Bakery",
    picture: avatar("SB", "#333333"),
    bio: "Fresh every morning.",
  },
];

export function pageById(id: string) {
  return PAGES.find((p) => p.id === id) ?? null;
}

export function igAccountById(id: string): DemoIgAccount | null {
  return IG_LOGIN_ACCOUNTS.find((a) => a.id === id) ?? PAGES.find((p) => p.ig?.id === id)?.ig ?? null;
}
