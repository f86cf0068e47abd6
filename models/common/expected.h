#pragma once

#include <QString>
#include <QStringList>

#include <optional>
#include <utility>
#include <variant>

namespace mltco {

/// An error as a value: what went wrong, in words a user can act on.
struct Error final
{
    QString message;
    QStringList details; ///< e.g. one `file:line: reason` per rejected row
};

/// A value or an Error (std::expected is C++23; this is the small subset the project needs).
template<typename T>
class [[nodiscard]] Expected final
{
public:
    Expected(T value) : m_state(std::move(value)) {}
    Expected(Error error) : m_state(std::move(error)) {}

    bool hasValue() const { return std::holds_alternative<T>(m_state); }
    explicit operator bool() const { return hasValue(); }

    T &value() & { return std::get<T>(m_state); }
    const T &value() const & { return std::get<T>(m_state); }
    T &&value() && { return std::get<T>(std::move(m_state)); }
    T *operator->() { return &value(); }
    const T *operator->() const { return &value(); }
    T &operator*() { return value(); }
    const T &operator*() const { return value(); }

    const Error &error() const { return std::get<Error>(m_state); }

private:
    std::variant<T, Error> m_state;
};

/// Success or an Error, for operations without a value.
class [[nodiscard]] Status final
{
public:
    Status() = default;
    Status(Error error) : m_error(std::move(error)) {}
    static Status ok() { return {}; }

    bool isOk() const { return !m_error.has_value(); }
    explicit operator bool() const { return isOk(); }
    const Error &error() const { return *m_error; }

private:
    std::optional<Error> m_error;
};

} // namespace mltco
