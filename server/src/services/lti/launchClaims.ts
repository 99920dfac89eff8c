/** The claims of an LTI 1.3 message this tool reads or writes (1EdTech LTI Core, Deep Linking, AGS, NRPS). */
const LTI = 'https://purl.imsglobal.org/spec/lti/claim';
const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim';

export const CLAIM = {
  messageType: `${LTI}/message_type`,
  version: `${LTI}/version`,
  deploymentId: `${LTI}/deployment_id`,
  targetLinkUri: `${LTI}/target_link_uri`,
  resourceLink: `${LTI}/resource_link`,
  roles: `${LTI}/roles`,
  context: `${LTI}/context`,
  custom: `${LTI}/custom`,
  launchPresentation: `${LTI}/launch_presentation`,
  ags: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
  nrps: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
  deepLinkingSettings: `${DL}/deep_linking_settings`,
  deepLinkingData: `${DL}/data`,
  contentItems: `${DL}/content_items`,
} as const;

export const RESOURCE_LINK_REQUEST = 'LtiResourceLinkRequest';
export const DEEP_LINKING_REQUEST = 'LtiDeepLinkingRequest';
export const DEEP_LINKING_RESPONSE = 'LtiDeepLinkingResponse';
export const LTI_VERSION = '1.3.0';
