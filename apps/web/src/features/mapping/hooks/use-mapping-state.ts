import type { FieldMapping, Suggestion } from '@formbridge/contract/mappings';
import { listMappingTargets, type TargetTable } from '@formbridge/contract/mapping-targets';
import {
  DEFAULT_APPLY_ALL_PERCENT,
  suggestionsToApply,
} from '@formbridge/contract/suggestion-apply';
import { useEffect, useMemo, useState } from 'react';
import type { Transform } from '@formbridge/contract/transforms';
import { describeError } from '../../../lib/describe-error';
import { notify } from '../../../lib/toast';
import { notifyMovedToTrash } from '../../../lib/moved-to-trash';
import {
  useCreateMapping,
  useDeleteMapping,
  useGenerateSuggestions,
  useRejectSuggestion,
  useMappingTables,
  useMappingTemplate,
  useTemplateMappings,
  useUniversalFields,
  useUpdateMapping,
} from '../api/mapping-api';
import { usePreviewState } from './use-preview-state';

/** Everything the mapping screen shows and does, shared by the table view and the visual view. */
export function useMappingState(templateId: string) {
  const template = useMappingTemplate(templateId);
  const mappings = useTemplateMappings(templateId);
  const tables = useMappingTables();
  const universal = useUniversalFields();
  const createMapping = useCreateMapping(templateId);
  const updateMapping = useUpdateMapping(templateId);
  const deleteMapping = useDeleteMapping(templateId);
  const suggest = useGenerateSuggestions(templateId);
  const reject = useRejectSuggestion(templateId);
  const [chosenTableId, setChosenTableId] = useState<string | null>(null);
  const [suggestions, setSuggestions] = useState<Map<string, Suggestion>>(new Map());
  const [isApplying, setIsApplying] = useState(false);
  const [applyMinPercent, setApplyMinPercent] = useState(DEFAULT_APPLY_ALL_PERCENT);

  // On first load the table of the first existing mapping is preselected (spec §4).
  const selectedTableId = chosenTableId ?? mappings.data?.[0]?.mapped_table_id ?? '';
  const tablesById = useMemo(
    () => new Map<string, TargetTable>((tables.data ?? []).map((table) => [table.id, table])),
    [tables.data],
  );
  const selectedTable = selectedTableId ? tablesById.get(selectedTableId) : undefined;
  const preview = usePreviewState(templateId, selectedTableId);
  const isSelectedTableMissing = Boolean(selectedTableId) && tables.isSuccess && !selectedTable;
  const targetGroups = useMemo(
    () =>
      selectedTable ? listMappingTargets(selectedTable, tablesById, universal.data ?? []) : [],
    [selectedTable, tablesById, universal.data],
  );
  // The visual editor names its groups as spec §2 does there (Primary Table Fields, ...).
  const visualTargetGroups = useMemo(
    () =>
      selectedTable
        ? listMappingTargets(selectedTable, tablesById, universal.data ?? [], 'visual')
        : [],
    [selectedTable, tablesById, universal.data],
  );
  const unloadableLinks = (selectedTable?.fields ?? []).filter(
    (field) =>
      field.type === 'link' && !(field.linked_table_id && tablesById.has(field.linked_table_id)),
  );
  const mappingByField = useMemo(
    () =>
      new Map<string, FieldMapping>(
        (mappings.data ?? []).map((mapping) => [mapping.field_name, mapping]),
      ),
    [mappings.data],
  );
  const mappedFieldNames = useMemo(() => new Set(mappingByField.keys()), [mappingByField]);

  useEffect(() => {
    if (template.isError || mappings.isError || tables.isError) {
      notify.error('Failed to load mapping data');
    }
  }, [template.isError, mappings.isError, tables.isError]);
  useEffect(() => {
    if (universal.isError) {
      notify.warning('Could not load universal dynamic fields.');
    }
  }, [universal.isError]);
  const unloadableNames = unloadableLinks.map((field) => field.name).join(', ');
  useEffect(() => {
    if (unloadableNames) {
      notify.warning(`Some linked table fields could not be loaded: ${unloadableNames}`);
    }
  }, [unloadableNames]);

  const selectTable = (tableId: string) => {
    setChosenTableId(tableId);
    setSuggestions(new Map());
  };

  /** Choosing a value creates or updates the mapping; clearing it removes the mapping. */
  const assign = async (
    fieldName: string,
    key: string | null,
    options: { suggested?: boolean; quiet?: boolean; transform?: Transform | null } = {},
  ) => {
    const existing = mappingByField.get(fieldName);
    try {
      if (key === null) {
        if (existing) {
          await deleteMapping.mutateAsync(existing.id);
          notifyMovedToTrash('Mapping removed successfully', existing.id);
        }
        return true;
      }
      if (existing) {
        await updateMapping.mutateAsync({
          id: existing.id,
          body: {
            mapped_field_key: key,
            mapped_table_id: selectedTableId,
            suggested: options.suggested ?? false,
          },
        });
        if (!options.quiet) {
          notify.success('Mapping updated successfully');
        }
      } else {
        await createMapping.mutateAsync({
          template_id: templateId,
          field_name: fieldName,
          mapped_table_id: selectedTableId,
          mapped_field_key: key,
          suggested: options.suggested ?? false,
          transform: options.transform ?? null,
        });
        if (!options.quiet) {
          notify.success(`Field "${fieldName}" mapped successfully`);
        }
      }
      setSuggestions((current) => {
        const next = new Map(current);
        next.delete(fieldName);
        return next;
      });
      return true;
    } catch {
      if (!options.quiet) {
        notify.error(
          key === null
            ? 'Failed to remove mapping'
            : existing
              ? 'Failed to update mapping'
              : `Failed to map field "${fieldName}"`,
        );
      }
      return false;
    }
  };

  /** Saves a mapping's transform (null removes it); the error message, or null when saved. */
  const saveTransform = async (mapping: FieldMapping, transform: Transform | null) => {
    try {
      await updateMapping.mutateAsync({
        id: mapping.id,
        body: { mapped_field_key: mapping.mapped_field_key, transform },
      });
      notify.success(transform ? 'Transform saved' : 'Transform removed');
      return null;
    } catch (error) {
      return describeError(error, 'Failed to save the transform');
    }
  };

  const generateSuggestions = async () => {
    if (!selectedTableId) {
      notify.warning('Please select a table first');
      return;
    }
    try {
      const result = await suggest.mutateAsync(selectedTableId);
      setSuggestions(new Map(result.suggestions.map((item) => [item.field_name, item])));
      notify.success('Mapping suggestions generated');
    } catch (error) {
      if ((error as { status?: number }).status === 404) {
        // The table was deleted elsewhere: reload the list so the selector drops it and the
        // 'Selected table not found' notice shows instead of a bare failure toast.
        await tables.refetch();
        return;
      }
      notify.error('Failed to generate mapping suggestions');
    }
  };

  /** "Not this": the suggestion goes, and the account is not offered it for this caption again. */
  const rejectSuggestion = async (suggestion: Suggestion) => {
    try {
      await reject.mutateAsync({
        field_name: suggestion.field_name,
        suggested_field_key: suggestion.suggested_field_key,
      });
      setSuggestions((current) => {
        const next = new Map(current);
        next.delete(suggestion.field_name);
        return next;
      });
    } catch {
      notify.error('Failed to reject the suggestion');
    }
  };

  const applyAllSuggestions = async () => {
    if (suggestions.size === 0) {
      notify.warning('No suggestions available to apply');
      return;
    }
    // Only what the server marks safe to write unattended, at or above the percentage the user
    // sees, and never over an existing mapping (contract suggestion-apply.ts).
    const pending = suggestionsToApply(suggestions.values(), mappedFieldNames, applyMinPercent);
    if (pending.length === 0) {
      notify.warning(`No suggestions at or above ${applyMinPercent}% are safe to apply unattended`);
      return;
    }
    setIsApplying(true);
    let applied = 0;
    for (const item of pending) {
      if (
        await assign(item.field_name, item.suggested_field_key, {
          suggested: true,
          quiet: true,
          transform: item.transform ?? null,
        })
      ) {
        applied += 1;
      }
    }
    setIsApplying(false);
    if (applied === pending.length && applied === suggestions.size) {
      notify.success('All suggestions applied successfully');
    } else if (applied === pending.length) {
      notify.success(`Applied ${applied} suggestions at or above ${applyMinPercent}%`);
    } else if (applied > 0) {
      notify.warning(`Applied ${applied} of ${pending.length} suggestions`);
    } else {
      notify.error('Failed to apply all suggestions');
    }
  };

  return {
    templateId,
    template,
    mappings,
    tables,
    selectedTableId,
    selectedTable,
    isSelectedTableMissing,
    targetGroups,
    visualTargetGroups,
    mappingByField,
    mappedFieldNames,
    suggestions,
    applyMinPercent,
    setApplyMinPercent,
    isGenerating: suggest.isPending,
    isApplying,
    selectTable,
    assign,
    preview,
    saveTransform,
    generateSuggestions,
    applyAllSuggestions,
    rejectSuggestion,
  };
}

export type MappingState = ReturnType<typeof useMappingState>;
