import { endpointKey } from '../../../api/endpoint';
import { useEndpointClient } from '../../../api/useEndpoint';
import { FilesPanel } from '../../kit/FilesPanel';
import { getFilesForCustomer, uploadCustomerFile } from '../../files/files.endpoints';
import type { CustomerTabProps } from '../CustomerShow';

/** Dateien tab: the customer's files and those of their activities (upload, download, remove). */
export default function CustomerFiles({ customer }: CustomerTabProps) {
  const api = useEndpointClient();
  const id = Number(customer.id);
  return (
    <FilesPanel
      queryKey={[...endpointKey(getFilesForCustomer), id]}
      load={() => api.call(getFilesForCustomer, { params: { id } })}
      upload={(file, onProgress) => api.upload(uploadCustomerFile, { params: { id } }, file, onProgress)}
    />
  );
}
