import { FolderOpen } from "lucide-react";
import { useSearchParams } from "react-router";
import { MediaLibraryTab } from "~/components/media/MediaLibraryTab";
import { PageHeader } from "~/components/PageHeader";
import { EmptyState } from "~/components/ui/EmptyState";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/content";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Content Hub", description: "Your posts and media library in one place.", keywords: "content hub, posts, media library" });

export default function ContentPage() {
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader title="Content Hub" description="Your posts and media library in one place." />
      {params.get("tab") === "media" ? (
        <MediaLibraryTab />
      ) : (
        <EmptyState icon={FolderOpen} title="No posts found">
          Create your first post to get started! Posts and your media library will be listed here.
        </EmptyState>
      )}
    </>
  );
}
