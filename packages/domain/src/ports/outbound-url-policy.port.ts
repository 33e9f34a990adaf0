/**
 * Where the service may send requests whose address a merchant's or an operator's input decides (a webhook
 * endpoint): never, unless on purpose, an address inside the service's own network.
 */
export interface OutboundUrlPolicy {
  /**
   * Why the service may not call `url` (an http or https URL), as a sentence that names `url`, or null when it may.
   * May resolve the host's name. Never throws: a name that cannot be resolved is a refusal or not, as the rule says.
   * A delivery checks the address it actually connects to again: an answer here holds only for the moment asked.
   */
  refusal(url: URL): Promise<string | null>;
}
