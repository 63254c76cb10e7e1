"""The metric names an OSWorld task's ``evaluator.func`` may give (``desktop_env.evaluators.metrics.<func>``).

Loading a task file checks its metric names against these, the adapter's built-ins and any names the caller passes,
so a misspelt metric is an error naming the file and the field when the task is loaded, not a verifier error after
a VM booted and the agent ran. When OSWorld's ``desktop_env`` is installed, the names it exports count too (a newer
OSWorld with more metrics needs no change here).
"""

from __future__ import annotations

#: Metrics of xlang-ai/OSWorld's evaluators, by module (``desktop_env/evaluators/metrics/``).
OSWORLD_METRICS = frozenset({
    # basic_os
    "check_gnome_favorite_apps", "check_moved_jpgs", "check_text_enlarged", "is_in_vm_clickboard", "is_utc_0",
    # chrome
    "check_enabled_experiments", "check_font_size", "check_history_deleted", "compare_archive", "compare_htmls",
    "compare_pdf_editable_fields", "compare_pdf_images", "compare_pdfs", "is_added_to_steam_cart", "is_cookie_deleted",
    "is_expected_active_tab", "is_expected_active_tab_approximate", "is_expected_bookmarks",
    "is_expected_installed_extensions", "is_expected_search_query", "is_expected_tabs",
    "is_expected_url_pattern_match", "is_shortcut_on_desktop",
    # docs
    "check_file_exists", "check_highlighted_words", "check_italic_font_size_14", "check_no_duplicates",
    "check_tabstops", "compare_contains_image", "compare_docx_files", "compare_docx_files_and_ignore_new_lines",
    "compare_docx_images", "compare_docx_lines", "compare_docx_tables", "compare_font_names", "compare_highlighted_text",
    "compare_image_text", "compare_init_lines", "compare_insert_equation", "compare_line_spacing", "compare_references",
    "compare_subscript_contains", "compare_unique_train_records", "contains_page_break", "evaluate_alignment",
    "evaluate_colored_words_in_tables", "evaluate_conversion", "evaluate_spacing",
    "evaluate_strike_through_last_paragraph", "find_default_font", "get_unique_train_ids",
    "has_page_numbers_in_footers", "is_first_line_centered",
    # general
    "check_accessibility_tree", "check_csv", "check_direct_json_object", "check_include_exclude", "check_json",
    "check_line_number", "check_list", "compare_python_pure_text", "compare_terminal_and_txt",
    "compare_time_in_speedtest_results", "diff_text_file", "exact_match", "file_contains", "fuzzy_match",
    "fuzzy_place_math", "is_gold_text_included_in_pdf", "is_in_list", "is_included_all_json_objects", "literal_match",
    "match_in_list", "run_sqlite3",
    # gimp
    "check_brightness_decrease_and_structure_sim", "check_config_status", "check_contrast_increase_and_structure_sim",
    "check_file_exists_and_structure_sim", "check_green_background", "check_image_file_size", "check_image_mirror",
    "check_image_size", "check_palette_and_structure_sim", "check_saturation_increase_and_structure_sim",
    "check_sharper", "check_structure_sim", "check_structure_sim_resized", "check_structure_sim_with_threshold",
    "check_textbox_on_leftside", "check_triangle_position", "compare_image_list", "compare_triangle_positions",
    "decrease_brightness", "increase_saturation",
    # libreoffice, others, pdf
    "check_libre_locale", "check_mp3_meta", "compare_epub", "check_pdf_pages",
    # slides
    "check_auto_saving_time", "check_image_stretch_and_center", "check_left_panel", "check_page_number_colors",
    "check_presenter_console_disable", "check_slide_numbers_color", "check_slide_orientation_Portrait",
    "check_strikethrough", "check_transition", "compare_pptx_files", "evaluate_presentation_fill_to_rgb_distance",
    # table
    "compare_conference_city_in_order", "compare_csv", "compare_table",
    # thunderbird
    "check_thunderbird_filter", "check_thunderbird_folder", "check_thunderbird_prefs",
    # vlc
    "check_global_key_play_pause", "check_one_instance_when_started_from_file", "check_play_and_exit",
    "check_qt_bgcone", "check_qt_max_volume", "check_qt_minimal_view", "check_qt_slider_colours", "compare_audios",
    "compare_images", "compare_videos", "is_vlc_fullscreen", "is_vlc_playing", "is_vlc_recordings_folder",
    # vscode
    "check_html_background_image", "check_json_keybindings", "check_json_settings", "check_python_file_by_gold_file",
    "check_python_file_by_test_suite", "compare_answer", "compare_config", "compare_result_files", "compare_text_file",
    "compare_zip_files", "is_extension_installed",
})


def known_metrics(extra: frozenset[str] | set[str] = frozenset()) -> frozenset[str]:
    """Return the metric names a task may use: OSWorld's, the adapter's built-ins, installed desktop_env's, ``extra``."""
    from toolkit.envs.osworld.adapter import BUILTIN_METRICS

    names = set(OSWORLD_METRICS) | set(BUILTIN_METRICS) | set(extra)
    try:
        from desktop_env.evaluators import metrics  # type: ignore[import-not-found]
    except Exception:  # noqa: BLE001 - not installed (or broken): the list above stands
        return frozenset(names)
    return frozenset(names | {n for n in dir(metrics) if not n.startswith("_") and callable(getattr(metrics, n))})
