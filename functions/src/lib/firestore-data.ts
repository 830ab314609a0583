/**
 * The function's edge for the codecs of domain/src/codecs: a document's data with every
 * Timestamp as an ISO string, the plain shape those codecs read (decision 0003).
 */
import { toPlainData } from '@bagshop/domain';
import { Timestamp } from 'firebase-admin/firestore';

export function plainData(value: unknown): unknown {
  return toPlainData(value, (v) => (v instanceof Timestamp ? v.toDate() : null));
}

/** A snapshot's data, plain; `{}` for a missing document. */
export function plainDoc(snap: { data(): FirebaseFirestore.DocumentData | undefined }): unknown {
  return plainData(snap.data() ?? {});
}
