import clsx from 'clsx';
import { memo, useCallback, type ChangeEvent, type MouseEvent } from 'react';
import {
  DataTableClasses,
  DataTableRow,
  useDataTableCallbacksContext,
  useDataTableConfigContext,
  useDataTableSelectedIdsContext,
  useGetPathForRecordCallback,
  useNavigate,
  useRecordContext,
  useResourceContext,
  useResourceDefinition,
  useTranslate,
  type DataTableRowProps,
} from 'react-admin';

/** What the row's checkbox answers: react-admin's shift-click range selection needs the click's `shiftKey`. */
function RowCheckbox({
  id,
  disabled,
  onToggle,
}: {
  id: string | number;
  disabled: boolean;
  onToggle: (event: Event) => void;
}) {
  const selected = useDataTableSelectedIdsContext()?.includes(id) ?? false;
  const translate = useTranslate();
  return (
    <input
      type="checkbox"
      className={`crm-row-checkbox select-item ${DataTableClasses.checkbox}`}
      aria-label={translate('ra.action.select_row')}
      checked={selected && !disabled}
      disabled={disabled}
      // A checkbox's change comes from its click (or the space key): the native event carries the shift key.
      onChange={(event: ChangeEvent<HTMLInputElement>) => onToggle(event.nativeEvent)}
    />
  );
}

/**
 * A row of a generated list as a plain tr, its checkbox a native input: react-admin's row is a styled MUI
 * TableRow, and its checkbox a MUI Checkbox (ButtonBase, SwitchBase, an SVG icon), about 29 components more a row
 * (725 on a Kunden page of 25) that a cold list draws before its first row shows. Its look comes once from the
 * table (`listTableSx`); the behaviour is react-admin's (row click to the record, shift-click selects a range). A
 * row with its own sx or an expand panel stays react-admin's.
 */
export const EntityListRow = memo(function EntityListRow(props: DataTableRowProps) {
  const { children, className, sx } = props;
  const { expand, hasBulkActions = false, hover = true } = useDataTableConfigContext();
  const { handleToggleItem, isRowSelectable, rowClick } = useDataTableCallbacksContext();
  const record = useRecordContext();
  const resource = useResourceContext();
  const definition = useResourceDefinition();
  const getPathForRecord = useGetPathForRecordCallback();
  const navigate = useNavigate();
  const selectable = !!record && (!isRowSelectable || isRowSelectable(record));
  const toggle = useCallback(
    (event: Event | MouseEvent) => {
      if (record && selectable) handleToggleItem?.(record.id, event);
    },
    [record, selectable, handleToggleItem],
  );
  const open = useCallback(
    async (event: MouseEvent) => {
      if (!record || !resource) return;
      const chosen = typeof rowClick === 'function' ? rowClick(record.id, resource, record) : rowClick;
      const link = await chosen;
      if (link === 'toggleSelection') return toggle(event);
      const path = await getPathForRecord({ record, resource, link });
      if (path) navigate(path, { state: { _scrollToTop: true } });
    },
    [record, resource, rowClick, toggle, getPathForRecord, navigate],
  );
  if (sx || expand || !record) return <DataTableRow {...props} />;
  const clickable = rowClick ?? (definition.hasShow || definition.hasEdit);
  return (
    <tr
      className={clsx('crm-row', className, {
        'crm-row-hover': hover,
        [DataTableClasses.selectable]: selectable,
        [DataTableClasses.clickableRow]: clickable,
      })}
      onClick={(event) => void open(event)}
    >
      {hasBulkActions && handleToggleItem && (
        // A tap beside the small box selects nothing and does not open the record either.
        <td className="crm-checkbox-cell" onClick={(event) => event.stopPropagation()}>
          <RowCheckbox id={record.id} disabled={!selectable} onToggle={toggle} />
        </td>
      )}
      {children}
    </tr>
  );
});
