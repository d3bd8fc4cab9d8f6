import { notify } from '../../../lib/toast';
import { useCreatePublicLink } from '../api/forms-api';

/** 'Public Link': creates (or reuses) the form's public link and copies it. */
export function usePublicLink() {
  const create = useCreatePublicLink();
  const copyLink = async (templateId: string, recordId: string) => {
    try {
      const { url } = await create.mutateAsync({ templateId, recordId });
      await navigator.clipboard.writeText(url);
      notify.success('Public link copied to clipboard');
    } catch {
      notify.error('Failed to create public link');
    }
  };
  return { copyLink, isCreating: create.isPending };
}
