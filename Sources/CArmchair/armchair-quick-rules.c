/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#include "armchair-quick-checks-private.h"

#include <string.h>

/* The rules Configuration.validate() and the settings file apply to one value, in C.
 *
 * Swift compares and splits strings by grapheme cluster ("/" followed by a combining mark is one
 * character, which is not "/") and by canonical equivalence (the Kelvin sign equals "K"), where C
 * compares bytes. Each rule here is therefore exact for ASCII and says "not sure" for anything
 * else that could make the two disagree: most values Swift checks must be ASCII anyway (URLs,
 * addresses, event names, application IDs), and a character that is not ASCII next to a
 * separator is rare. */

static gboolean
is_ascii_letter (char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static gboolean
is_ascii_digit (char c)
{
  return c >= '0' && c <= '9';
}

static gboolean
is_hex_digit (char c)
{
  return is_ascii_digit (c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* A byte of ASCII text that is neither a control character, nor a space, nor DEL. */
static gboolean
is_graphic (char c)
{
  return c > 0x20 && c < 0x7f;
}

/* Whether all of @text is ASCII without controls or spaces: then Swift's characters are its bytes. */
static gboolean
is_graphic_ascii (const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    if (!is_graphic (*p))
      return FALSE;
  return TRUE;
}

/* The white space of Character.isWhitespace that is ASCII. */
static gboolean
is_ascii_space (char c)
{
  return c == ' ' || (c >= '\t' && c <= '\r');
}

/* TRUE when @text is empty or only ASCII white space, which Swift's `allSatisfy(\.isWhitespace)`
 * surely finds blank. */
gboolean
armchair_quick_text_is_surely_blank (const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    if (!is_ascii_space (*p))
      return FALSE;
  return TRUE;
}

/* @value without the white space around it, as Swift's trimmedOfWhitespace, for a value that is
 * ASCII; NULL for any other, which Swift might trim otherwise. */
char *
armchair_quick_trimmed (const char *value)
{
  const char *start = value;
  const char *end = value + strlen (value);

  for (const char *p = value; p < end; p++)
    if ((guchar) *p >= 0x80)
      return NULL;
  while (start < end && is_ascii_space (*start))
    start++;
  while (end > start && is_ascii_space (end[-1]))
    end--;
  return g_strndup (start, end - start);
}

/* TRUE when @text holds a visible ASCII character: its grapheme cluster starts with it, or with a
 * prepended mark, and neither is white space, so Swift surely finds the text not blank. */
gboolean
armchair_quick_text_is_surely_not_blank (const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    if (is_graphic (*p))
      return TRUE;
  return FALSE;
}

/* TRUE when every byte of @separators in @text stands between ASCII characters (or at an end), in
 * valid UTF-8: then Swift finds each separator where C does, as a character of its own. */
gboolean
armchair_quick_separators_are_plain (const char *text, const char *separators)
{
  if (!g_utf8_validate (text, -1, NULL))
    return FALSE;
  for (const char *p = text; *p != '\0'; p++)
    {
      if (strchr (separators, *p) == NULL)
        continue;
      if ((p > text && (guchar) p[-1] >= 0x80) || (guchar) p[1] >= 0x80)
        return FALSE;
    }
  return TRUE;
}

/* ApplicationID.problem (with:) finds none: two or more dot-separated parts of ASCII letters,
 * digits, _ and -, none empty or starting with a digit, at most 255 bytes. A character outside
 * ASCII is never allowed there. */
gboolean
armchair_quick_application_id_is_valid (const char *app_id)
{
  size_t length = strlen (app_id);
  int parts = 1;
  gboolean part_start = TRUE;

  if (length == 0 || length > 255)
    return FALSE;
  for (const char *p = app_id; *p != '\0'; p++)
    {
      if (*p == '.')
        {
          if (part_start)
            return FALSE;
          parts++;
          part_start = TRUE;
          continue;
        }
      if (!is_ascii_letter (*p) && !is_ascii_digit (*p) && *p != '_' && *p != '-')
        return FALSE;
      if (part_start && is_ascii_digit (*p))
        return FALSE;
      part_start = FALSE;
    }
  return !part_start && parts >= 2;
}

/* EventName.problem (with:) finds none: 1 to 64 ASCII letters, digits, _, - and . */
gboolean
armchair_quick_event_name_is_valid (const char *name)
{
  size_t length = strlen (name);

  if (length == 0 || length > 64)
    return FALSE;
  for (const char *p = name; *p != '\0'; p++)
    if (!is_ascii_letter (*p) && !is_ascii_digit (*p) && *p != '_' && *p != '-' && *p != '.')
      return FALSE;
  return TRUE;
}

/* StateKeyName.problem (with:) finds none: not empty, no space at either end, no # first, none of
 * = [ ] or a control character. Swift compares the first and last characters, which are a space
 * or # only if the first or last byte is. */
gboolean
armchair_quick_state_key_name_is_valid (const char *name)
{
  size_t length = strlen (name);

  if (length == 0 || name[0] == ' ' || name[length - 1] == ' ' || name[0] == '#')
    return FALSE;
  if (!g_utf8_validate (name, -1, NULL))
    return FALSE;
  for (const char *p = name; *p != '\0'; p++)
    if ((guchar) *p < 0x20 || strchr ("=[]", *p) != NULL)
      return FALSE;
  return TRUE;
}

/* The raw values of StateKey (Sources/ArmchairCore/State/StateKey.swift): the keys of the
 * [Key Names] group, and the state keys ArmchairConfiguration's key-names may rename. A test
 * compares them with Swift's. */
static const char *const state_keys[] = {
  "tracked-version", "first-use-date", "use-count", "significant-event-count", "event-count",
  "active-usage-seconds", "declined-this-version", "rated-this-version", "last-reminded-date",
  "declined-any-version", "rated-any-version", "last-version-rated", "last-version-declined",
  "last-declined-date", "last-rated-date", "prompt-dates", "sessions", "last-crash-date", "prompt-hold",
  "desktop-token", NULL,
};

const char *const *
armchair_quick_state_keys (void)
{
  return state_keys;
}

gboolean
armchair_quick_state_key_is_known (const char *key)
{
  return g_strv_contains (state_keys, key);
}

/* FeedbackDraft.isEmailAddress: one @, a local part of 1 to 64 characters, a domain of two or more
 * dot-separated labels, none empty or starting or ending with -, at most 254 bytes, no spaces,
 * controls or <>()[]\,;:". Checked on ASCII only. */
gboolean
armchair_quick_email_is_valid (const char *address)
{
  const char *at = strchr (address, '@');
  const char *label;

  if (!is_graphic_ascii (address) || strlen (address) > 254 || strpbrk (address, "<>()[]\\,;:\"") != NULL)
    return FALSE;
  if (at == NULL || at == address || at - address > 64 || strchr (at + 1, '@') != NULL)
    return FALSE;
  if (strchr (at + 1, '.') == NULL)
    return FALSE;
  label = at + 1;
  for (;;)
    {
      const char *end = label + strcspn (label, ".");

      if (end == label || *label == '-' || end[-1] == '-')
        return FALSE;
      if (*end == '\0')
        return TRUE;
      label = end + 1;
    }
}

/* URICharacter's classes (RFC 3986). */
static gboolean
is_unreserved (char c)
{
  return is_ascii_letter (c) || is_ascii_digit (c) || (c != '\0' && strchr ("-._~", c) != NULL);
}

static gboolean
is_sub_delimiter (char c)
{
  return c != '\0' && strchr ("!$&'()*+,;=", c) != NULL;
}

static gboolean
is_path_character (char c)
{
  return is_unreserved (c) || is_sub_delimiter (c) || c == ':' || c == '@';
}

/* URICharacter.isScheme: a letter, then letters, digits, +, - and . */
static gboolean
is_scheme (const char *start, const char *end)
{
  if (start == end || !is_ascii_letter (*start))
    return FALSE;
  for (const char *p = start; p < end; p++)
    if (!is_ascii_letter (*p) && !is_ascii_digit (*p) && strchr ("+-.", *p) == NULL)
      return FALSE;
  return TRUE;
}

/* ServiceAddress.requireOnly: each character allowed, each % followed by two hex digits, and at
 * most one # (which starts the fragment). */
static gboolean
require_only (const char *start, const char *end, gboolean (*is_allowed) (char))
{
  gboolean in_fragment = FALSE;

  for (const char *p = start; p < end; p++)
    {
      if (*p == '%')
        {
          if (end - p < 3 || !is_hex_digit (p[1]) || !is_hex_digit (p[2]))
            return FALSE;
          p += 2;
        }
      else if (*p == '#' && !in_fragment)
        in_fragment = TRUE;
      else if (!is_allowed (*p))
        return FALSE;
    }
  return TRUE;
}

static gboolean
is_host_character (char c)
{
  return is_unreserved (c) || is_sub_delimiter (c);
}

static gboolean
is_user_information_character (char c)
{
  return is_unreserved (c) || is_sub_delimiter (c) || c == ':' || c == '@';
}

static gboolean
is_rest_character (char c)
{
  return is_path_character (c) || c == '/' || c == '?';
}

static gboolean
is_zone_character (char c)
{
  return is_unreserved (c);
}

static gboolean
is_future_character (char c)
{
  return is_unreserved (c) || is_sub_delimiter (c) || c == ':';
}

/* ServiceAddress.isIPv4: four numbers of 1 to 3 digits, each at most 255, with dots between. */
static gboolean
is_ipv4 (const char *start, const char *end)
{
  int parts = 0;

  for (const char *part = start;; part++)
    {
      const char *stop = part;
      int value = 0;

      while (stop < end && *stop != '.')
        stop++;
      if (stop - part < 1 || stop - part > 3)
        return FALSE;
      for (const char *p = part; p < stop; p++)
        {
          if (!is_ascii_digit (*p))
            return FALSE;
          value = value * 10 + (*p - '0');
        }
      if (value > 255)
        return FALSE;
      parts++;
      if (stop == end)
        break;
      part = stop;
    }
  return parts == 4;
}

/* ServiceAddress.isIPv6: eight groups of 1 to 4 hex digits (the last two possibly an IPv4 address),
 * one run of them possibly elided as ::. */
static gboolean
is_ipv6 (const char *start, const char *end)
{
  const char *groups[64];
  const char *ends[64];
  int count = 0;
  int first = 0;
  int elisions = 0;
  int total = 0;

  for (const char *group = start;;)
    {
      const char *stop = group;

      while (stop < end && *stop != ':')
        stop++;
      if (count == G_N_ELEMENTS (groups))
        return FALSE;
      groups[count] = group;
      ends[count] = stop;
      count++;
      if (stop == end)
        break;
      group = stop + 1;
    }
  if (ends[0] == groups[0])
    {
      if (count < 2 || ends[1] != groups[1])
        return FALSE;
      first = 1;
    }
  if (ends[count - 1] == groups[count - 1])
    {
      if (count - first < 2 || ends[count - 2] != groups[count - 2])
        return FALSE;
      count--;
    }
  for (int i = first; i < count; i++)
    {
      const char *group = groups[i];
      const char *stop = ends[i];

      if (group == stop)
        {
          elisions++;
          continue;
        }
      if (i == count - 1 && memchr (group, '.', stop - group) != NULL)
        {
          if (!is_ipv4 (group, stop))
            return FALSE;
          total += 2;
          continue;
        }
      if (stop - group > 4)
        return FALSE;
      for (const char *p = group; p < stop; p++)
        if (!is_hex_digit (*p))
          return FALSE;
      total++;
    }
  if (elisions > 1)
    return FALSE;
  return elisions == 1 ? total <= 7 : total == 8;
}

/* ServiceAddress.isIPLiteral: the inside of a host's brackets. */
static gboolean
is_ip_literal (const char *start, const char *end)
{
  const char *percent;

  if (start < end && (*start == 'v' || *start == 'V'))
    {
      const char *dot = memchr (start + 1, '.', end - start - 1);

      if (dot == NULL || dot == start + 1)
        return FALSE;
      for (const char *p = start + 1; p < dot; p++)
        if (!is_hex_digit (*p))
          return FALSE;
      if (dot + 1 == end)
        return FALSE;
      for (const char *p = dot + 1; p < end; p++)
        if (!is_future_character (*p))
          return FALSE;
      return TRUE;
    }
  percent = memchr (start, '%', end - start);
  if (percent == NULL)
    return is_ipv6 (start, end);
  return end - percent > 3 && strncmp (percent, "%25", 3) == 0 && is_ipv6 (start, percent)
         && require_only (percent + 3, end, is_zone_character);
}

/* ServiceAddress.check: an absolute https URL with a host, or an http one to loopback, holding
 * nothing that needs percent-encoding. Swift refuses every character outside ASCII in one; so
 * does this. */
gboolean
armchair_quick_service_address_is_valid (const char *address)
{
  const char *end = address + strlen (address);
  const char *colon = strchr (address, ':');
  const char *authority;
  const char *authority_end;
  const char *host_and_port;
  const char *host;
  const char *host_end;
  const char *port = NULL;
  const char *at = NULL;
  gboolean is_literal;
  g_autofree char *scheme = NULL;
  g_autofree char *host_name = NULL;

  if (!is_graphic_ascii (address))
    return FALSE;
  if (colon == NULL || (colon != address && !is_scheme (address, colon)) || strncmp (colon + 1, "//", 2) != 0)
    return FALSE;
  authority = colon + 3;
  authority_end = authority + strcspn (authority, "/?#");
  for (const char *p = authority; p < authority_end; p++)
    if (*p == '@')
      at = p;
  host_and_port = at != NULL ? at + 1 : authority;
  is_literal = host_and_port < authority_end && *host_and_port == '[';
  if (is_literal)
    {
      const char *close = memchr (host_and_port, ']', authority_end - host_and_port);

      if (close == NULL)
        return FALSE;
      host = host_and_port + 1;
      host_end = close;
      if (close + 1 < authority_end && close[1] != ':')
        return FALSE;
      if (close + 1 < authority_end)
        port = close + 2;
      if (!is_ip_literal (host, host_end))
        return FALSE;
    }
  else
    {
      const char *port_colon = memchr (host_and_port, ':', authority_end - host_and_port);

      host = host_and_port;
      host_end = port_colon != NULL ? port_colon : authority_end;
      if (port_colon != NULL)
        port = port_colon + 1;
    }
  if (host == host_end)
    return FALSE;
  if (port != NULL)
    for (const char *p = port; p < authority_end; p++)
      if (!is_ascii_digit (*p))
        return FALSE;
  if (!is_literal)
    {
      if (!require_only (host, host_end, is_host_character))
        return FALSE;
      for (const char *p = host; p + 1 < host_end; p++)
        if (*p == '%' && strchr ("89ABCDEFabcdef", p[1]) != NULL)
          return FALSE;
    }
  if (at != NULL && !require_only (authority, at, is_user_information_character))
    return FALSE;
  if (!require_only (authority_end, end, is_rest_character))
    return FALSE;
  if (port != NULL)
    {
      const char *digits = port;

      while (digits < authority_end && *digits == '0')
        digits++;
      if (authority_end - digits > 5 || (authority_end > digits && g_ascii_strtoll (digits, NULL, 10) > 65535))
        return FALSE;
    }
  scheme = g_ascii_strdown (address, colon - address);
  if (strcmp (scheme, "https") == 0)
    return TRUE;
  host_name = g_ascii_strdown (host, host_end - host);
  return strcmp (scheme, "http") == 0
         && (strcmp (host_name, "127.0.0.1") == 0 || strcmp (host_name, "::1") == 0
             || strcmp (host_name, "localhost") == 0);
}

/* @text with every @target replaced by @replacement, left to right, as String.replacingAll. */
static char *
replacing_all (const char *text, const char *target, const char *replacement)
{
  GString *result = g_string_new (NULL);
  size_t length = strlen (target);

  for (const char *found; (found = strstr (text, target)) != NULL; text = found + length)
    {
      g_string_append_len (result, text, found - text);
      g_string_append (result, replacement);
    }
  g_string_append (result, text);
  return g_string_free (result, FALSE);
}

/* ReviewURLTemplate.problem (with:) finds none: no placeholder but {appID} and {campaign}, a scheme
 * and something after it, no space or control character. Checked on ASCII only. */
gboolean
armchair_quick_review_url_template_is_valid (const char *template)
{
  g_autofree char *with_application = NULL;
  g_autofree char *rest = NULL;
  const char *open;
  const char *colon;

  if (!is_graphic_ascii (template))
    return FALSE;
  with_application = replacing_all (template, "{appID}", "x");
  rest = replacing_all (with_application, "{campaign}", "x");
  open = strchr (rest, '{');
  if (open != NULL && strchr (open, '}') != NULL)
    return FALSE;
  colon = strchr (rest, ':');
  return colon != NULL && colon != rest && is_scheme (rest, colon) && colon[1] != '\0';
}

/* Swift's `hasPrefix("/")`: the first character is a slash alone, not one a combining mark
 * follows. */
gboolean
armchair_quick_path_is_absolute (const char *path)
{
  return path[0] == '/' && (guchar) path[1] < 0x80 && g_utf8_validate (path, -1, NULL);
}

/* The rule Configuration.validate() applies to the text setting @name, set to @value (not NULL):
 * TRUE for a setting it does not check. */
gboolean
armchair_quick_text_setting_is_valid (const char *name, const char *value)
{
  if (strcmp (name, "feedback-email") == 0)
    return armchair_quick_email_is_valid (value);
  if (strcmp (name, "feedback-endpoint") == 0 || strcmp (name, "review-server") == 0)
    return armchair_quick_service_address_is_valid (value);
  if (strcmp (name, "key-prefix") == 0)
    return armchair_quick_state_key_name_is_valid (value);
  if (strcmp (name, "synced-folder") == 0 || strcmp (name, "locale-directory") == 0)
    return armchair_quick_path_is_absolute (value);
  if (strcmp (name, "review-url-template") == 0)
    return armchair_quick_review_url_template_is_valid (value);
  return TRUE;
}
