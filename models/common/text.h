#pragma once

namespace mltco {

/// Whether `c` prints as nothing yet changes how text reads: zero-width spaces and joiners (U+200B–U+200F, U+2060–
/// U+2064), bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and the byte order mark
/// U+FEFF. Names and notes never carry them, whether they come from a price file or a plan.
constexpr bool isInvisibleFormat(char32_t c)
{
    return (c >= 0x200b && c <= 0x200f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2060 && c <= 0x2064) ||
           (c >= 0x2066 && c <= 0x2069) || c == 0xfeff;
}

} // namespace mltco
